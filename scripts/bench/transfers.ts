// Bench section: signed transfers per second end to end through the local Constellation network
// (real HTTP on loopback, PGlite in memory), and request → confirmed latency (p50/p95).
// BENCH_SNAPSHOT_MS (default 250) sets the simulator's snapshot interval. BENCH_DATABASE_URL (a
// PostgreSQL admin URL) runs it on fresh PostgreSQL databases instead of PGlite. BENCH_TWIN
// says where the network twin runs (constellation-twin.ts: own | shared | worker).
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { inArray } from 'drizzle-orm';
import { confirmTransfers, type TransferDeps, transfer } from '../../src/core/transfers/index.ts';
import { ensureWalletForUser } from '../../src/core/wallets/index.ts';
import { type Database, openDatabase } from '../../src/db/client.ts';
import { transfers, users } from '../../src/db/schema/index.ts';
import { createConstellationClient } from '../../src/integrations/constellation/index.ts';
import { loadConfig } from '../../src/main/config.ts';
import { createLogger } from '../../src/main/logger.ts';
import { sandboxConstellationClientConfig } from '../../src/sandbox/constellation/client-config.ts';
import { createScratchPostgres } from '../../tests/support/test-db.ts';
import { startTwinHere, startTwinInWorker, type TwinMode } from './constellation-twin.ts';
import { profilePhase } from './cpu-profile.ts';
import { addGoalRow } from './goals.ts';
import { signVerifyPerSecond } from './sign-verify-baseline.ts';
import type { BenchSection } from './types.ts';

// 16 users sending at once, 50 transfers each: long enough that the last transfers' wait for a
// snapshot (≤ 2 snapshots) is a small part of the run, so the rate measures throughput.
// BENCH_SENDERS and BENCH_PER_SENDER change it.
const SENDERS = Number(process.env.BENCH_SENDERS ?? 16);
const PER_SENDER = Number(process.env.BENCH_PER_SENDER ?? 50);
const UP = 100_000_000n;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

export async function benchTransfers(): Promise<void> {
  const snapshotMs = Number(process.env.BENCH_SNAPSHOT_MS ?? 250);
  const baselineBefore = signVerifyPerSecond();
  const database = await openBenchDatabase('product');
  const twinMode = (process.env.BENCH_TWIN ?? 'own') as TwinMode;
  const twinDatabase = twinMode === 'shared' ? database : await openBenchDatabase('twin');
  const twin =
    twinMode === 'worker'
      ? await startTwinInWorker(snapshotMs, twinDatabase.url)
      : await startTwinHere(twinDatabase, snapshotMs);
  const config = loadConfig({
    NODE_ENV: 'test',
    WALLET_MASTER_KEYS: `bench:${randomBytes(32).toString('base64')}`,
  });
  const logger = createLogger('silent');
  const baseDeps = { config, db: database.db, logger, now: () => new Date() };
  const deps: TransferDeps = {
    ...baseDeps,
    constellation: createConstellationClient(sandboxConstellationClientConfig(twin.publicUrl)),
  };
  try {
    const senders: string[] = [];
    for (let i = 0; i < SENDERS; i++) {
      const xUserId = String(9000 + i);
      await database.db.insert(users).values({ xUserId, username: `bench${i}`, displayName: 'b' });
      const wallet = await ensureWalletForUser(deps, { xUserId });
      await twin.faucet(wallet.dagAddress, 1_000n * UP);
      senders.push(xUserId);
    }
    await twin.tick();
    const target = (await ensureWalletForUser(deps, { xUserId: senders[0]! })).dagAddress;

    let polling = true;
    const poller = (async () => {
      while (polling) {
        await confirmTransfers(deps);
        await new Promise((r) => setTimeout(r, 50));
      }
    })();
    const startedAt = new Map<string, number>();
    const twinProfile = process.env.BENCH_CPU_PROFILE?.replace(
      /(\.cpuprofile)?$/,
      '.twin.cpuprofile',
    );
    if (twinProfile) await twin.profile?.('start', twinProfile);
    const t0 = performance.now();
    const cpu0 = process.cpuUsage();
    const mainCpu0 = mainThreadCpuMs();
    const twinBusy0 = twin.busy();
    const mainBusy0 = performance.eventLoopUtilization().active;
    await profilePhase(() =>
      Promise.all(
        senders.map(async (xUserId, s) => {
          for (let n = 0; n < PER_SENDER; n++) {
            const key = `bench-${s}-${n}`;
            startedAt.set(key, Date.now());
            await transfer(deps, {
              from: { xUserId },
              to: {
                address:
                  s === 0
                    ? (await ensureWalletForUser(deps, { xUserId: senders[1]! })).dagAddress
                    : target,
              },
              token: 'UP',
              amount: UP,
              idempotencyKey: key,
              feeTier: 'free',
            });
          }
        }),
      ),
    );
    if (twinProfile) await twin.profile?.('stop', twinProfile);
    const submitSeconds = (performance.now() - t0) / 1000;
    const keys = [...startedAt.keys()];
    let rows = await database.db
      .select()
      .from(transfers)
      .where(inArray(transfers.idempotencyKey, keys));
    while (rows.some((r) => r.state !== 'confirmed') && performance.now() - t0 < 120_000) {
      await new Promise((r) => setTimeout(r, 100));
      rows = await database.db
        .select()
        .from(transfers)
        .where(inArray(transfers.idempotencyKey, keys));
    }
    polling = false;
    await poller;
    const allSeconds = (performance.now() - t0) / 1000;
    const cpu = process.cpuUsage(cpu0);
    const mainCpu = mainThreadCpuMs() - mainCpu0;
    const mainBusy = performance.eventLoopUtilization().active - mainBusy0;
    const twinBusy = twin.busy() - twinBusy0;
    const latencies = rows
      .filter((r) => r.confirmedAt)
      .map((r) => r.confirmedAt!.getTime() - startedAt.get(r.idempotencyKey)!)
      .sort((a, b) => a - b);
    const total = keys.length;
    // BATCH_STATS=1: how many statements each batched step took, and items per statement.
    if (process.env.BATCH_STATS) {
      const { batchCounts } = await import('../../src/db/batch.ts');
      for (const [k, v] of batchCounts)
        console.info(
          `  batch ${k}: ${v.batches} statements, ${(v.items / Math.max(1, v.batches)).toFixed(1)} items each`,
        );
    }
    const baselineAfter = signVerifyPerSecond();
    const baseline = (baselineBefore + baselineAfter) / 2;
    console.info(
      `  ${total} transfers (payment + fee = 2 signed transactions each), ${SENDERS} senders, snapshots every ${snapshotMs} ms, ${database.kind}, network twin: ${twinMode}`,
    );
    console.info(
      `  baseline: sign+verify of one transaction, one thread: ${baselineBefore.toFixed(0)}/s before, ${baselineAfter.toFixed(0)}/s after (mean ${baseline.toFixed(0)}/s)`,
    );
    console.info(
      `  submitted: ${(total / submitSeconds).toFixed(1)} transfers/s (${((2 * total) / submitSeconds).toFixed(1)} signed tx/s)`,
    );
    // CPU of the whole process (every thread) per transfer: steadier than wall time under load.
    console.info(
      `  CPU: ${((cpu.user + cpu.system) / 1000 / total).toFixed(1)} ms per transfer (process, all threads, while the run lasted)`,
    );
    console.info(
      `  main thread CPU: ${(mainCpu / total).toFixed(1)} ms per transfer (from /proc; busy below is wall time, inflated when the cores are shared)`,
    );
    console.info(
      `  busy: main thread ${(mainBusy / total).toFixed(1)} ms per transfer${twinMode === 'own' || twinMode === 'shared' ? ' (twin included)' : `, twin ${(twinBusy / total).toFixed(1)} ms`}`,
    );
    console.info(
      `  confirmed: ${latencies.length}/${total} in ${allSeconds.toFixed(1)} s = ${(latencies.length / allSeconds).toFixed(1)} transfers/s`,
    );
    addGoalRow({
      what: `Ledger: confirmed transfers/s (${database.kind}, 1 run; baseline sign+verify/s)`,
      unit: '/s',
      baseline,
      runs: [latencies.length / allSeconds],
      goal: '≥ 200/s',
      met: latencies.length / allSeconds >= 200,
    });
    addGoalRow({
      what: 'Ledger: request → confirmed p95 (1 run)',
      unit: 'ms',
      baseline: null,
      runs: [percentile(latencies, 95)],
      goal: `≤ 2 snapshots (${2 * snapshotMs} ms)`,
      met: percentile(latencies, 95) <= 2 * snapshotMs,
    });
    console.info(
      `  request → confirmed: p50 ${percentile(latencies, 50)} ms, p95 ${percentile(latencies, 95)} ms`,
    );
  } finally {
    await twin.stop();
    await database.close();
    if (twinDatabase !== database) await twinDatabase.close();
  }
}

/** PGlite in memory, or a fresh PostgreSQL database (dropped on close) with BENCH_DATABASE_URL. */
async function openBenchDatabase(role: string): Promise<Database & { url?: string }> {
  const adminUrl = process.env.BENCH_DATABASE_URL;
  if (!adminUrl) return openDatabase({ dataDir: 'memory://' });
  return createScratchPostgres(adminUrl, `upsider_bench_${role}`);
}

export const transfersBench: BenchSection = {
  title: 'Transfers through the local Constellation network',
  run: () => benchTransfers(),
};

if (import.meta.url === `file://${process.argv[1]}`) await benchTransfers();

/**
 * CPU time of the main thread alone (utime + stime of its task in /proc, 10 ms ticks): unlike
 * event-loop busy time it does not grow when other processes take the cores. NaN off Linux.
 */
function mainThreadCpuMs(): number {
  try {
    const stat = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return Number.NaN;
  }
}
