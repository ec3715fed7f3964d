// One process row of the faults bench (faults-processes.ts): inject → what /api/agent/status
// said on each API process meanwhile → clear → time until every command posted so far is
// answered → the multi-process run's invariants.
import { sql } from 'drizzle-orm';
import type { Child, ScaleRun } from '../../tests/support/scale-run.ts';
import type { checkInvariants } from '../../tests/support/scale-run-checks.ts';
import type { ProcessFault } from './faults-processes.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const ANSWER_WITHIN_MS = 5 * 60_000;

/** The driver's own reads may meet a terminated connection right after the fault: retried. */
async function retrying<T>(fn: () => Promise<T>): Promise<T> {
  for (let i = 0; ; i++) {
    try {
      return await fn();
    } catch (err) {
      if (i >= 40) throw err;
      await sleep(500);
    }
  }
}

async function answered(r: ScaleRun, posts: string[]) {
  const [row] = await r.query<{ n: number }>(sql`
    select count(distinct p.id)::int as n from sandbox.x_posts p
    join sandbox.x_posts r on r.in_reply_to_id = p.id
    join sandbox.x_users u on u.id = r.author_id and lower(u.username) = lower(${r.t.config.publicConfig.agentHandle})
    where p.id = any(string_to_array(${posts.join(',')}, ',')::bigint[])`);
  return row!.n;
}

export async function processFaultRow(
  r: ScaleRun,
  procs: { apis: (Child & { port: number })[]; workers: Child[] },
  f: { name: string; asked: string; process: ProcessFault },
  faultMs: number,
  ctx: {
    posts: string[];
    refused: () => number;
    pause: (on: boolean) => Promise<void>;
    check: () => ReturnType<typeof checkInvariants>;
    terminateAll: () => Promise<number>;
  },
) {
  const before = ctx.posts.length;
  const refusedBefore = ctx.refused();
  const answeredBefore = await retrying(() => answered(r, ctx.posts.slice()));
  const seen = new Set<string>();
  let faulting = true;
  // What a user of /status sees on each API process, every 2 s while the fault lasts.
  const sampling = (async () => {
    while (faulting) {
      for (const [i, api] of procs.apis.entries()) {
        const res = await fetch(`http://127.0.0.1:${api.port}/api/agent/status`).catch(
          (err: Error) => err,
        );
        if (res instanceof Error) seen.add(`api-${i + 1} refused`);
        else if (res.status !== 200) seen.add(`api-${i + 1} HTTP ${res.status}`);
        else
          seen.add(String(((await res.json()) as { health?: { state?: string } }).health?.state));
      }
      await sleep(2_000);
    }
  })();
  const started = Date.now();
  let what = '';
  if (f.process === 'postgres') {
    let ended = 0;
    while (Date.now() - started < faultMs) {
      ended += await ctx.terminateAll().catch(() => 0);
      await sleep(200);
    }
    what = `${ended} connections terminated over ${faultMs / 1000} s (emulated restart)`;
  } else if (f.process === 'kill9') {
    await r.kill9(procs.workers[1]!);
    await sleep(faultMs);
    procs.workers[1] = r.worker(`worker-2-after-${started}`);
    what = `worker-2 SIGKILLed, down ${faultMs / 1000} s, its leases expire after 10 s`;
  } else {
    const stop = await r.terminate(procs.apis[0]!);
    procs.apis[0] = await r.api('api-1');
    what = `api-1 SIGTERM (exit ${stop.code} in ${stop.ms} ms), ready again after ${((Date.now() - started) / 1000).toFixed(1)} s`;
  }
  faulting = false;
  await sampling;
  const cleared = Date.now();
  await ctx.pause(true);
  const posted = ctx.posts.slice();
  const during = (await retrying(() => answered(r, posted))) - answeredBefore;
  let recovered: number | null = null;
  while (Date.now() - cleared < ANSWER_WITHIN_MS) {
    if ((await retrying(() => answered(r, posted))) === posted.length) {
      recovered = Date.now() - cleared;
      break;
    }
    await sleep(500);
  }
  for (let i = 0; i < 240; i++) {
    const [open] = await retrying(() =>
      r.query<{ n: number }>(
        sql`select count(*)::int as n from transfers where state not in ('confirmed', 'rejected', 'failed')`,
      ),
    );
    if (open!.n === 0) break;
    await sleep(500);
  }
  const inv = await retrying(() => ctx.check());
  await ctx.pause(false);
  const problems = inv.problems;
  const recovery = recovered === null ? 'NOT within 5 min' : `${(recovered / 1000).toFixed(1)} s`;
  const refused = ctx.refused() - refusedBefore;
  return `${f.name} [${f.asked}]: ${what} | ${[...seen].join(', ')} | ${during} answered, ${posted.length - before} posted${refused ? `, ${refused} posts the local X refused (same database)` : ''} | ${recovery} | ${problems.length ? `BROKEN: ${problems.join('; ')}` : 'all hold'}`;
}
