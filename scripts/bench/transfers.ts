// Bench section: signed transfers per second end to end through the local Constellation network
// (real HTTP on loopback), and request → confirmed latency (p50/p95). Two load shapes
// (transfers-load.ts): an open loop at a fixed rate, as many users posting (the goal rows), and
// a closed loop of a few senders sending back to back (the most at that concurrency).
// BENCH_SNAPSHOT_MS (250) sets the snapshot interval; BENCH_TWIN where the network twin runs
// (constellation-twin.ts; default worker: a real network runs elsewhere, here it still shares the
// 2 cores); BENCH_DATABASE_URL or TEST_DATABASE_URL (a PostgreSQL admin URL) adds the
// PostgreSQL runs. BENCH_TIMELINE=1 prints latency by second and the poll rounds' durations.
// BENCH_LOAD=open|closed runs one shape only; BENCH_RATE, BENCH_SECONDS, BENCH_OPEN_SENDERS,
// BENCH_SENDERS, BENCH_PER_SENDER size them; BENCH_LEDGER_RUNS (3) how many open-loop runs.
import { inArray } from 'drizzle-orm';
import { confirmTransfers, transfer } from '@/core/transfers/index.ts';
import { transfers } from '@/db/schema/index.ts';
import type { TwinMode } from './constellation-twin.ts';
import { addGoalRow, median } from './goals.ts';
import { signVerifyPerSecond } from './sign-verify-baseline.ts';
import { percentile } from './stats.ts';
import { closedLoop, openLoop } from './transfers-load.ts';
import { measurePhase } from './transfers-measure.ts';
import { openLedgerWorld, pgliteStorage, UP } from './transfers-setup.ts';
import type { BenchSection } from './types.ts';

const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);

export type LedgerLoad =
  | { kind: 'open'; rate: number; seconds: number; senders: number }
  | { kind: 'closed'; senders: number; perSender: number };

/** One run: sets up its own world, sends the load, waits for every confirmation, prints figures. */
export async function runLedger(load: LedgerLoad, postgresUrl?: string) {
  const snapshotMs = env('BENCH_SNAPSHOT_MS', 250);
  const twinMode = (process.env.BENCH_TWIN ?? 'worker') as TwinMode;
  const world = await openLedgerWorld({ senders: load.senders, snapshotMs, twinMode, postgresUrl });
  const { deps, senders } = world;
  try {
    let polling = true;
    const rounds: number[] = [];
    const poller = (async () => {
      while (polling) {
        const r0 = performance.now();
        await confirmTransfers(deps);
        rounds.push(performance.now() - r0);
        await new Promise((r) => setTimeout(r, 50));
      }
    })();
    const startedAt = new Map<string, number>();
    /** The transfers' rows once all are confirmed (or after 2 minutes). */
    const confirmedRows = async (keys: string[]) => {
      const read = () =>
        deps.db.select().from(transfers).where(inArray(transfers.idempotencyKey, keys));
      let rows = await read();
      const waitUntil = Date.now() + 120_000;
      while (rows.some((r) => r.state !== 'confirmed') && Date.now() < waitUntil) {
        await new Promise((r) => setTimeout(r, 100));
        rows = await read();
      }
      return rows;
    };
    const answeredAt = new Map<string, number>();
    const send = async (s: number, key: string) => {
      await transfer(deps, {
        from: { xUserId: senders[s]!.xUserId },
        to: { address: senders[s === 0 ? 1 : 0]!.address },
        token: 'UP',
        amount: UP,
        idempotencyKey: key,
        feeTier: 'free',
      });
      answeredAt.set(key, Date.now());
    };
    // Warm-up, not measured: one transfer per sender, all confirmed, so each chain's state is
    // cached and the code is compiled, as for a product that has been running for a while.
    const warm = senders.map((_, s) => `warm-${s}`);
    await Promise.all(warm.map((key, s) => send(s, key)));
    await confirmedRows(warm);
    answeredAt.clear();
    const { cpu, mainCpu, mainBusy, twinBusy, submitSeconds } = await measurePhase(
      world.twin,
      () =>
        load.kind === 'open'
          ? openLoop(load.rate, load.seconds, load.senders, send, startedAt)
          : closedLoop(load.senders, load.perSender, send, startedAt),
    );
    const keys = [...startedAt.keys()];
    const rows = await confirmedRows(keys);
    polling = false;
    await poller;
    const confirmedAt = rows.flatMap((r) => (r.confirmedAt ? [r.confirmedAt.getTime()] : []));
    const latencies = rows
      .filter((r) => r.confirmedAt)
      .map((r) => r.confirmedAt!.getTime() - startedAt.get(r.idempotencyKey)!)
      .sort((a, b) => a - b);
    const total = keys.length;
    // BENCH_TIMELINE=1: latency by the second the transfer was asked for (where a tail comes from).
    if (process.env.BENCH_TIMELINE) {
      const t0 = Math.min(...startedAt.values());
      const buckets = new Map<number, number[]>();
      for (const r of rows) {
        if (!r.confirmedAt) continue;
        const at = startedAt.get(r.idempotencyKey)!;
        const b = Math.floor((at - t0) / 1000);
        buckets.set(b, [...(buckets.get(b) ?? []), r.confirmedAt.getTime() - at]);
      }
      for (const [b, xs] of [...buckets].sort((x, y) => x[0] - y[0])) {
        xs.sort((x, y) => x - y);
        console.info(
          `    second ${b}: ${xs.length} asked, p50 ${percentile(xs, 50)} ms, p95 ${percentile(xs, 95)} ms, max ${xs.at(-1)} ms`,
        );
      }
    }
    const first = Math.min(...startedAt.values());
    // Open loop: confirmations per second between the first and the last (the offered rate when
    // the product keeps up). Closed loop: all of them over the time from the first request.
    const span =
      load.kind === 'open'
        ? (Math.max(...confirmedAt) - Math.min(...confirmedAt)) / 1000
        : (Math.max(...confirmedAt) - first) / 1000;
    const rate = (load.kind === 'open' ? confirmedAt.length - 1 : confirmedAt.length) / span;
    // BATCH_STATS=1: how many statements each batched step took, and items per statement.
    if (process.env.BATCH_STATS) {
      const { batchCounts } = await import('@/db/batch.ts');
      for (const [k, v] of batchCounts)
        console.info(
          `    batch ${k}: ${v.batches} statements, ${(v.items / Math.max(1, v.batches)).toFixed(1)} items each`,
        );
    }
    if (process.env.BENCH_TIMELINE) {
      rounds.sort((a, b) => a - b);
      console.info(
        `    poll rounds: ${rounds.length}, p50 ${percentile(rounds, 50).toFixed(0)} ms, p95 ${percentile(rounds, 95).toFixed(0)} ms`,
      );
    }
    const answered = [...answeredAt].map(([k, t]) => t - startedAt.get(k)!).sort((a, b) => a - b);
    const figures = {
      total,
      confirmed: latencies.length,
      rate,
      p50: percentile(latencies, 50),
      p95: percentile(latencies, 95),
      snapshotMs,
    };
    const shape =
      load.kind === 'open'
        ? `open loop: ${load.rate}/s offered for ${load.seconds} s from ${load.senders} senders`
        : `closed loop: ${load.senders} senders × ${load.perSender} back to back`;
    const twinShare =
      twinMode === 'worker' || twinMode === 'process'
        ? `, twin ${(twinBusy / total).toFixed(1)} ms`
        : ' (twin included)';
    console.info(
      `  ${world.database.kind} (${world.storage}), ${shape}; ${total} transfers (payment + fee = 2 signed transactions each), snapshots every ${snapshotMs} ms, network twin: ${twinMode}`,
    );
    console.info(
      `    submitted ${(total / submitSeconds).toFixed(1)}/s; CPU ${((cpu.user + cpu.system) / 1000 / total).toFixed(1)} ms per transfer (process, all threads), main thread ${(mainCpu / total).toFixed(1)} ms; busy: main thread ${(mainBusy / total).toFixed(1)} ms per transfer${twinShare}`,
    );
    console.info(
      `    confirmed ${latencies.length}/${total}, ${rate.toFixed(1)} transfers/s; request → confirmed p50 ${figures.p50} ms, p95 ${figures.p95} ms (request → submitted p50 ${percentile(answered, 50)} ms, p95 ${percentile(answered, 95)} ms)`,
    );
    return figures;
  } finally {
    await world.close();
  }
}

export async function benchTransfers(): Promise<void> {
  const baselineBefore = signVerifyPerSecond();
  const open: LedgerLoad = {
    kind: 'open',
    rate: env('BENCH_RATE', 220),
    seconds: env('BENCH_SECONDS', 8),
    senders: env('BENCH_OPEN_SENDERS', 200),
  };
  const closed: LedgerLoad = {
    kind: 'closed',
    senders: env('BENCH_SENDERS', 16),
    perSender: env('BENCH_PER_SENDER', 50),
  };
  const only = process.env.BENCH_LOAD;
  // The goal rows: min / median / max of BENCH_LEDGER_RUNS open-loop runs (3), judged on the
  // median, as every other row of the table.
  const runs = env('BENCH_LEDGER_RUNS', 3);
  const postgresUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  const databases = [undefined, postgresUrl].filter((url, i) => i === 0 || url);
  const results: { kind: string; figures: Awaited<ReturnType<typeof runLedger>>[] }[] = [];
  for (const url of databases) {
    if (only !== 'closed') {
      const figures = [];
      for (let i = 0; i < runs; i++) figures.push(await runLedger(open, url));
      results.push({ kind: url ? 'postgres' : `pglite ${pgliteStorage()}`, figures });
    }
    if (only !== 'open') await runLedger(closed, url);
  }
  const baseline = (baselineBefore + signVerifyPerSecond()) / 2;
  console.info(`  baseline: sign+verify of one transaction, one thread: ${baseline.toFixed(0)}/s`);
  for (const { kind, figures } of results) {
    const allIn = figures.every((f) => f.confirmed === f.total);
    const n = `${figures.length} run${figures.length === 1 ? '' : 's'}`;
    const snapshotMs = figures[0]?.snapshotMs ?? 250;
    addGoalRow({
      what: `Ledger: confirmed transfers/s at ${open.rate}/s offered (${kind}, ${n}; baseline sign+verify/s)`,
      unit: '/s',
      baseline,
      runs: figures.map((f) => f.rate),
      goal: '≥ 200/s',
      met: allIn && median(figures.map((f) => f.rate)) >= 200,
    });
    addGoalRow({
      what: `Ledger: request → confirmed p95 (${kind}, ${n})`,
      unit: 'ms',
      baseline: null,
      runs: figures.map((f) => f.p95),
      goal: `≤ 2 snapshots (${2 * snapshotMs} ms)`,
      met: allIn && median(figures.map((f) => f.p95)) <= 2 * snapshotMs,
    });
  }
}

export const transfersBench: BenchSection = {
  title: 'Transfers through the local Constellation network',
  run: () => benchTransfers(),
};

if (import.meta.url === `file://${process.argv[1]}`) await benchTransfers();
