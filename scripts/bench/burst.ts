// Bench section `burst` (issue 45 §1, decision 0063): a viral hour. BURST_MENTIONS (default
// 10,000) mentions from BURST_USERS (default a fifth as many) users, the mix of burst-mix.ts,
// through 2 API processes and 2 agent workers on one PostgreSQL database, the local X enforcing
// X's documented limits: posting (100 per 15 minutes, 300 per 3 hours) and reads. The hour is
// compressed: its mentions land within BURST_MINUTES (default 4) of real time, while X's windows
// run on the real clock, so only the first window's replies can leave during the run; the rest
// is the backlog, whose drain the product estimates. A quarter of the users ask for their
// address first and are funded (the regulars), so their sends move money. Prints mention →
// executed and mention → reply p50/p95, replies per window against the caps, the backlog and its
// drain estimate, X reads and the hour's X cost; fails on a broken cap, a post answered twice,
// a command not run, a receipt missing, or a supply that changed. Needs PostgreSQL on 127.0.0.1
// (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres): it creates its own
// database and drops it.
import { sql } from 'drizzle-orm';
import { DEFAULT_LIMITS } from '@/sandbox/x/context.ts';
import type { ScaleRun } from '../../tests/support/scale-run.ts';
import { supply } from '../../tests/support/scale-run-checks.ts';
import { bill, notRun } from './burst-measure.ts';
import { type BurstKind, burstMention } from './burst-mix.ts';
import { printCost, printFigures } from './burst-report.ts';
import { stopAll, waitTransfersEnded, withBenchScaleRun } from './scale-bench-run.ts';
import type { BenchSection } from './types.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const MINUTE = 60_000;

async function waitRun(r: ScaleRun, ids: string[], timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while ((await notRun(r, ids)) > 0) {
    if (Date.now() > deadline) return false;
    await sleep(500);
  }
  return true;
}

/** The regulars' addresses, from the wallets the agent made when it ran their questions. */
async function fundRegulars(r: ScaleRun, regulars: string[]) {
  const rows = await r.query<{ address: string }>(sql`
    select w.dag_address as address from wallets w
    join sandbox.x_users u on u.id = w.x_user_id
    where u.username = any(string_to_array(${regulars.join(',')}, ','))`);
  for (let i = 0; i < rows.length; i += 10) {
    await Promise.all(
      rows.slice(i, i + 10).map((w) =>
        r.t.call('POST', '/sandbox/constellation/_admin/faucet', {
          address: w.address,
          token: 'UP',
          tokens: '1000',
        }),
      ),
    );
  }
  await r.t.snapshot();
  return rows.length;
}

export async function benchBurst(): Promise<void> {
  const mentions = Number(process.env.BURST_MENTIONS ?? 10_000);
  const userCount = Number(process.env.BURST_USERS ?? Math.max(4, Math.round(mentions / 5)));
  const windowMs = Number(process.env.BURST_MINUTES ?? 4) * MINUTE;
  const options = {
    pageViewsPerMinute: 100_000,
    xLimits: DEFAULT_LIMITS,
    env: {
      AGENT_X_POSTS_PER_15_MIN: String(DEFAULT_LIMITS.tweetCreate),
      AGENT_X_POSTS_PER_3_HOURS: String(DEFAULT_LIMITS.tweetCreateThreeHours),
      AGENT_CONFIRM_ABOVE_UP: '50',
    },
  };
  await withBenchScaleRun('upsider_burst', options, async (r, apis) => {
    const failures: string[] = [];
    const users = await r.users(userCount);
    const targets = await r.post(
      users.slice(0, 50).map((u, i) => ({ author: u, text: `A thought worth keeping ${i}` })),
    );
    const workers = [r.worker('worker-1'), r.worker('worker-2')];
    const billBefore = await bill(r);

    // The hour opens with the regulars' "what's my address"; their wallets are then funded.
    const regulars = users.slice(0, Math.ceil(userCount / 4));
    const started = Date.now();
    const ids = await r.post(
      regulars.map((u) => ({ author: u, text: "@UpsiderAgent what's my address" })),
    );
    const kinds = new Map<string, BurstKind>(ids.map((id) => [id, 'address']));
    if (!(await waitRun(r, ids, 10 * MINUTE))) throw new Error('address questions not run');
    const funded = await fundRegulars(r, regulars);
    const supplyBefore = await supply(r);

    // The rest of the hour, spread evenly over the compressed window (faster is not possible
    // when posting itself takes longer: then as fast as the local X takes them).
    const bigSends = new Map<string, string>();
    const confirmsUsed = new Set<string>();
    const rest = mentions - ids.length;
    const restStart = Date.now();
    for (let i = 0; i < rest; i++) {
      const due = restStart + (i * Math.max(0, windowMs - (restStart - started))) / rest;
      if (due > Date.now()) await sleep(due - Date.now());
      const m = burstMention(i, { users, targets, bigSends, confirmsUsed });
      const id = (await r.t.post(m.author, m.text, { inReplyToId: m.inReplyToId })).id;
      if (m.kind === 'big send') bigSends.set(m.author, id);
      ids.push(id);
      kinds.set(id, m.kind);
    }
    const landedMs = Date.now() - started;
    if (!(await waitRun(r, ids, 10 * MINUTE))) failures.push(`${await notRun(r, ids)} not run`);
    await waitTransfersEnded(r);
    await sleep(5_000); // the last replies the window allows
    const apiPorts = apis.map((a) => a.port);
    await printFigures(r, { ids, kinds, apiPorts, failures, userCount, funded, landedMs });
    await printCost(r, billBefore);
    const supplyAfter = await supply(r);
    for (const [token, before] of Object.entries(supplyBefore))
      if (supplyAfter[token] !== before)
        failures.push(`supply of ${token}: ${before} before, ${supplyAfter[token]} after`);
    await stopAll(r, { workers, apis });
    console.info(
      `  invariants: ${failures.length ? `FAILED — ${failures.join('; ')}` : 'all held'}`,
    );
    if (failures.length) throw new Error(failures.join('; '));
  });
}

export const burstBench: BenchSection = {
  title: 'burst: a viral hour of mentions at X’s posting windows',
  // The mentions' window plus the regulars' start, the wait for every command and the drain:
  // the real hour (BURST_MINUTES=60) runs without a separate deadline setting.
  minutes: Number(process.env.BURST_MINUTES ?? 4) + 25,
  run: () => benchBurst(),
};

if (import.meta.url === `file://${process.argv[1]}`) {
  await benchBurst();
  process.exit(0);
}
