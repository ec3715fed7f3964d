// Bench section: 2 API processes and 2 agent workers on one PostgreSQL database behind
// the local X. BENCH_SCALE_MENTIONS (default 2,000) mentions from BENCH_SCALE_USERS (200) users:
// each user's "what's my address" first, then sends, balances, fingerprints and subscriptions,
// a tenth with 1 worker, a tenth with 2, the rest with 2 under faults (an API process restarted
// with SIGTERM under HTTP load, a worker kill -9'd and restarted, another stopped as a deploy
// stops it). Then: every post answered exactly once, every send settled once, no negative
// balance, supply exact, 400 page views over both API processes meet the one limit, SIGTERM'd
// processes exit 0 in time, no request dropped. Prints throughput and reply p50/p95 for 1 and 2
// workers and the CPU each process used (where the bottleneck is). Needs PostgreSQL on
// 127.0.0.1 (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres): it
// creates its own database and drops it.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import { SHUTDOWN_DRAIN_MS } from '@/main/shutdown.ts';
import { checkInvariants } from '../../tests/support/scale-run-checks.ts';
import { fundedUsers, mixedMentions } from '../../tests/support/scale-run-mentions.ts';
import { stopAll, waitTransfersEnded, withBenchScaleRun } from './scale-bench-run.ts';
import type { BenchSection } from './types.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const PAGE_VIEWS_PER_MINUTE = 200;

/** CPU seconds a process (and for PostgreSQL, all its backends) has used so far. */
function cpuSeconds(pids: number[]) {
  const tick = 100; // USER_HZ on Linux
  let total = 0;
  for (const pid of pids) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      total += (Number(fields[11]) + Number(fields[12])) / tick;
    } catch {
      // gone
    }
  }
  return total;
}
const postgresPids = () => {
  try {
    return execFileSync('pgrep', ['-x', 'postgres']).toString().trim().split('\n').map(Number);
  } catch {
    return [];
  }
};

export async function benchMultiProcess(): Promise<void> {
  const mentions = Number(process.env.BENCH_SCALE_MENTIONS ?? 2000);
  const userCount = Number(process.env.BENCH_SCALE_USERS ?? 200);
  const options = { pageViewsPerMinute: PAGE_VIEWS_PER_MINUTE };
  await withBenchScaleRun('upsider_bench', options, async (r, apis) => {
    const failures: string[] = [];
    const users = await r.users(userCount);
    let w1 = r.worker('worker-1');

    // Every user's wallet first (created on first use), then funded on the local network.
    const { asks, targets, supplyBefore } = await fundedUsers(r, users, {
      tokens: '50000',
      timeoutMs: 600_000,
    });

    const rest = mentions - asks.length;
    const phaseSize = Math.max(20, Math.floor(mentions / 10));
    let next = 0;
    const batch = (n: number) => {
      const m = mixedMentions(users, targets, n, next);
      next += n;
      return m;
    };
    const allMixed: string[] = [];
    const sends: string[] = [];
    const postBatch = async (n: number) => {
      const { items, kinds } = batch(n);
      const ids = await r.post(items);
      allMixed.push(...ids);
      sends.push(...ids.filter((_, i) => kinds[i] === 'send'));
      return ids;
    };
    const cpuNow = () => ({
      at: Date.now(),
      host: process.cpuUsage(),
      workers: cpuSeconds(
        [w1, ...extraWorkers].map((w) => w.process.pid!).filter(Boolean) as number[],
      ),
      apis: cpuSeconds(apis.map((a) => a.process.pid!)),
      postgres: cpuSeconds(postgresPids()),
    });
    const extraWorkers: (typeof w1)[] = [];
    const measured = async (label: string, n: number) => {
      const before = cpuNow();
      const ids = await postBatch(n);
      const posted = Date.now();
      if (!(await r.waitAnswered(ids, 900_000))) failures.push(`${label}: not all answered`);
      const after = cpuNow();
      const times = await r.replyTimes(ids);
      const wall = (after.at - before.at) / 1000;
      const hostCpu =
        (after.host.user + after.host.system - before.host.user - before.host.system) / 1e6;
      const stages = await r.query<{ read: number; run: number; reply: number }>(sql`
        select percentile_cont(0.5) within group (order by extract(epoch from i.received_at - p.created_at)) * 1000 as read,
          percentile_cont(0.5) within group (order by extract(epoch from i.processed_at - i.received_at)) * 1000 as run,
          percentile_cont(0.5) within group (order by extract(epoch from o.sent_at - i.processed_at)) * 1000 as reply
        from agent_inbox i join sandbox.x_posts p on p.id = i.post_id::bigint
        join agent_outbox o on o.key = 'reply:' || i.post_id
        where i.post_id = any(string_to_array(${ids.join(',')}, ','))`);
      const s = stages[0]!;
      // Capacity: replies per second once every post is up (the backlog left then, worked off).
      const [after1] = await r.query<{ n: number; last: Date }>(sql`
        select count(*)::int as n, max(r.created_at) as last from sandbox.x_posts r
        where r.in_reply_to_id = any(string_to_array(${ids.join(',')}, ',')::bigint[])
          and r.created_at > ${new Date(posted).toISOString()}::timestamptz`);
      const backlogSeconds = (new Date(after1!.last).getTime() - posted) / 1000;
      return {
        label,
        ...times,
        postedPerSecond: n / ((posted - before.at) / 1000),
        backlog: after1!.n,
        perSecond: after1!.n >= 10 ? after1!.n / backlogSeconds : times.perSecond,
        cpu: {
          workers: (after.workers - before.workers) / wall,
          apis: (after.apis - before.apis) / wall,
          host: hostCpu / wall,
          postgres: (after.postgres - before.postgres) / wall,
        },
        stages: { read: Number(s.read), run: Number(s.run), reply: Number(s.reply) },
      };
    };

    const one = await measured('1 worker', phaseSize);
    const w2start = r.worker('worker-2');
    extraWorkers.push(w2start);
    await sleep(8_000); // its start-up (tsx) is not part of the figure
    const two = await measured('2 workers', phaseSize);

    // Faults, under steady HTTP reads over both API processes.
    const apiPorts = () => apis.map((a) => a.port);
    const load = r.load(apiPorts, ['/api/health', '/api/agent/status', '/api/leaderboard'], 4);
    const faultIds = postBatch(rest - 2 * phaseSize);
    const answeredCount = async () =>
      (
        await r.query<{ n: number }>(sql`
          select count(*)::int as n from agent_inbox where status = 'done'`)
      )[0]!.n;
    const base = await answeredCount();
    const total = rest - 2 * phaseSize;
    const until = async (share: number) => {
      while ((await answeredCount()) - base < total * share) await sleep(200);
    };
    await until(0.2);
    const apiStop = await r.terminate(apis[0]!);
    apis[0] = await r.api('api-1');
    await until(0.4);
    await r.kill9(extraWorkers[0]!);
    extraWorkers[0] = r.worker('worker-2-restarted');
    await until(0.6);
    const deployStop = await r.terminate(w1);
    w1 = r.worker('worker-3');
    const ids = await faultIds;
    if (!(await r.waitAnswered(ids, 900_000))) failures.push('fault run: not all answered');
    const loadStats = await load.stop();

    // 400 page views from one address, alternating between the two API processes.
    const views: number[] = [];
    for (let i = 0; i < 400; i += 20) {
      views.push(
        ...(await Promise.all(
          Array.from({ length: 20 }, (_, k) =>
            r.pageView(apis[(i + k) % 2]!.port, '127.0.0.51', '/bench-shared-limit'),
          ),
        )),
      );
    }
    const accepted = views.filter((s) => s === 204).length;
    const limited = views.filter((s) => s === 429).length;
    if (accepted !== PAGE_VIEWS_PER_MINUTE || limited !== 400 - PAGE_VIEWS_PER_MINUTE)
      failures.push(`page views: ${accepted} accepted, ${limited} limited`);

    await waitTransfersEnded(r);
    const { workers: ends, apis: apiEnds } = await stopAll(r, {
      workers: [w1, extraWorkers[0]!],
      apis,
    });
    const inv = await checkInvariants(r, {
      mentions: [...asks, ...allMixed],
      sends,
      supplyBefore,
    });
    failures.push(...inv.problems);
    for (const [what, stop] of [
      ['API process restarted under load', apiStop],
      ['worker stopped as a deploy stops it', deployStop],
      ...ends.map((e) => ['worker stopped at the end', e] as const),
      ...apiEnds.map((e) => ['API process stopped at the end', e] as const),
    ] as const) {
      if (stop.code !== 0 || stop.ms > SHUTDOWN_DRAIN_MS + 5_000)
        failures.push(`${what}: exit ${stop.code ?? stop.signal} after ${stop.ms} ms`);
    }
    if (loadStats.dropped > 0)
      failures.push(`${loadStats.dropped} requests dropped: ${loadStats.errors.slice(0, 3)}`);
    if (Object.values(inv.leftLeased).some((n) => n > 0))
      failures.push(`left leased: ${JSON.stringify(inv.leftLeased)}`);
    const fault = await r.replyTimes(ids);

    const row = (
      label: string,
      t: { answered: number; perSecond: number; p50: number; p95: number },
    ) =>
      `  ${label.padEnd(28)} ${String(t.answered).padStart(5)}  ${t.perSecond.toFixed(2).padStart(6)}/s  p50 ${String(Math.round(t.p50)).padStart(6)} ms  p95 ${String(Math.round(t.p95)).padStart(6)} ms`;
    console.info(
      `  ${mentions} mentions from ${userCount} users; 2 API processes, agent workers as below, one PostgreSQL database`,
    );
    console.info(
      `  ${'phase'.padEnd(28)} posts  replies/s (backlog left once all were posted)  post → reply`,
    );
    console.info(row('1 worker', one));
    console.info(row('2 workers', two));
    console.info(row('2 workers under faults', fault));
    for (const m of [one, two])
      console.info(
        `  ${m.label}: posted at ${m.postedPerSecond.toFixed(1)}/s; ${m.backlog} replies after the last post`,
      );
    console.info(
      `  2 workers / 1 worker: ${(two.perSecond / one.perSecond).toFixed(2)}× (the second adds ${Math.round(((two.perSecond - one.perSecond) / one.perSecond) * 100)} % of the first's throughput)`,
    );
    for (const m of [one, two]) {
      console.info(
        `  ${m.label}: CPU cores busy — workers ${m.cpu.workers.toFixed(2)}, PostgreSQL ${m.cpu.postgres.toFixed(2)}, local X + network (this process) ${m.cpu.host.toFixed(2)}, API processes ${m.cpu.apis.toFixed(2)} (of ${(await import('node:os')).cpus().length}); median post → read ${Math.round(m.stages.read)} ms, read → answered ${Math.round(m.stages.run)} ms, answered → reply on X ${Math.round(m.stages.reply)} ms`,
      );
    }
    const busiest = Object.entries(two.cpu).sort((a, b) => b[1] - a[1])[0]!;
    console.info(
      `  bottleneck with 2 workers: ${busiest[0]} (${busiest[1].toFixed(2)} cores busy); total ${Object.values(
        two.cpu,
      )
        .reduce((a, b) => a + b, 0)
        .toFixed(2)} of the machine's cores`,
    );
    console.info(
      `  faults: API restart exit ${apiStop.code} in ${apiStop.ms} ms, deploy-stopped worker exit ${deployStop.code} in ${deployStop.ms} ms, one worker kill -9'd; HTTP reads ${loadStats.ok} answered, ${loadStats.refusedThenRetried} refused while restarting and sent to the other process, ${loadStats.dropped} dropped`,
    );
    console.info(
      `  page views over both API processes: ${accepted} recorded, ${limited} limited (one limit of ${PAGE_VIEWS_PER_MINUTE}/min)`,
    );
    console.info(
      `  invariants: ${[...asks, ...allMixed].length} posts answered exactly once, ${inv.transfers} sends settled once, no negative balance, supply exact, nothing left leased${failures.length ? ' — FAILED' : ''}`,
    );
    if (failures.length) throw new Error(failures.join('; '));
  });
}

export const multiProcessBench: BenchSection = {
  title: '2 API processes + 2 agent workers on PostgreSQL, with a kill -9 and restarts',
  run: () => benchMultiProcess(),
};

if (import.meta.url === `file://${process.argv[1]}`) {
  await benchMultiProcess();
  process.exit(0);
}
