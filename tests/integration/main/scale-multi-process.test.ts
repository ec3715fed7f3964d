import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATION_LOCK_KEY } from '@/db/client.ts';
import { SHUTDOWN_DRAIN_MS } from '@/main/shutdown.ts';
import { waitRealMs } from '../../support/real-time.ts';
import { type ScaleRun, startScaleRun } from '../../support/scale-run.ts';
import { checkInvariants } from '../../support/scale-run-checks.ts';
import { fundedUsers, mixedMentions } from '../../support/scale-run-mentions.ts';
import { createTestDatabase, testDbKind } from '../../support/test-db.ts';

/**
 * The small form of the bench's multi-process run (scripts/bench/multi-process.ts):
 * two `npm run agent` processes on one PostgreSQL database share ~100 mentions from 20 users
 * (sends, balances, fingerprints, subscriptions). Mid-run one is stopped as a deploy stops it
 * (SIGTERM, a new one started) and another is `kill -9`'d (restarted): every post is answered
 * exactly once, every send settles once, nothing is left leased, the stopped one exits 0 in time.
 * Meanwhile two API processes serve reads through a balancer that honours readiness, and one of
 * them is restarted with SIGTERM: no request is dropped (decision 0078).
 */
const USERS = 20;
const MIXED = 80;
const LEASE_MS = 10_000;

describe.skipIf(testDbKind !== 'postgres')('agent workers in several processes', () => {
  let run: ScaleRun;
  let databaseUrl: string;

  beforeAll(async () => {
    const database = (await createTestDatabase()) as Awaited<
      ReturnType<typeof createTestDatabase>
    > & { url: string };
    databaseUrl = database.url;
    run = await startScaleRun({
      database,
      nodeEnv: 'test',
      leaseMs: LEASE_MS,
      snapshotIntervalMs: 300,
      pageViewsPerMinute: 200,
    });
  }, 60_000);
  afterAll(() => run?.close());

  it('SIGTERM and kill -9 mid-run: every post answered once, every send settled once', {
    timeout: 150_000,
  }, async () => {
    const users = await run.users(USERS);
    const first = run.worker('worker-1');
    let second = run.worker('worker-2');
    const apis = await Promise.all([run.api('api-1'), run.api('api-2')]);
    const reads = run.load(
      () => apis.map((a) => a.port),
      ['/api/health', '/api/agent/status', '/api/leaderboard'],
      4,
    );

    const { asks, targets, supplyBefore } = await fundedUsers(run, users, {
      tokens: '20000',
      timeoutMs: 60_000,
    });

    const { items: mixed, kinds } = mixedMentions(users, targets, MIXED);
    const ids = await run.post(mixed);
    const sends = ids.filter((_, i) => kinds[i] === 'send');

    // A deploy: the first worker is told to stop once work is under way, a new one takes its place.
    const answered = async () =>
      (
        await run.query<{ n: number }>(sql`
          select count(*)::int as n from agent_inbox where post_id = any(string_to_array(${ids.join(',')}, ',')) and status = 'done'`)
      )[0]!.n;
    const t0 = Date.now();
    const step = (what: string) => console.info(`scale test: ${what} at ${Date.now() - t0} ms`);
    while ((await answered()) < MIXED / 4)
      await waitRealMs(100, 'process: the workers are child processes');
    step('a quarter answered, SIGTERM worker-1 and api-1');
    const [stopped, apiStopped] = await Promise.all([
      run.terminate(first),
      run.terminate(apis[0]!),
    ]);
    const third = run.worker('worker-3');
    apis[0] = await run.api('api-1');
    while ((await answered()) < MIXED / 2)
      await waitRealMs(100, 'process: the workers are child processes');
    step('half answered, kill -9 worker-2');
    await run.kill9(second);
    second = run.worker('worker-2-restarted');

    if (!(await run.waitAnswered(ids, 90_000))) {
      console.info(await run.diagnose(ids));
      expect.fail(`not every post answered; logs in ${run.logDir}`);
    }
    step('all answered');
    // Sends settle on the network's snapshots: wait for the transfer workers to confirm them.
    for (let waited = 0; waited < 30_000; waited += 250) {
      const [open] = await run.query<{ n: number }>(sql`
        select count(*)::int as n from transfers where state not in ('confirmed', 'rejected', 'failed')`);
      if (open!.n === 0) break;
      await waitRealMs(250, 'process: the workers are child processes');
    }
    // A reply the killed worker posted but never marked sent is still leased to it: the reply is
    // on X (so every post counts as answered) and its row turns 'sent' once the lease lapses and
    // another worker finds the post. Wait for that before stopping the workers.
    for (let waited = 0; waited < LEASE_MS + 20_000; waited += 250) {
      const [pending] = await run.query<{ n: number }>(sql`
        select count(*)::int as n from agent_outbox where status <> 'sent'`);
      if (pending!.n === 0) break;
      await waitRealMs(250, 'process: the workers are child processes');
    }
    const readStats = await reads.stop();
    const ends = [
      await run.terminate(third),
      await run.terminate(second),
      ...(await Promise.all(apis.map((a) => run.terminate(a)))),
    ];

    expect(stopped).toMatchObject({ code: 0, signal: null });
    expect(stopped.ms).toBeLessThan(SHUTDOWN_DRAIN_MS + 5_000);
    for (const end of ends) expect(end.code).toBe(0);
    expect(apiStopped).toMatchObject({ code: 0, signal: null });
    expect(readStats.errors).toEqual([]);
    expect(readStats.dropped).toBe(0);
    // api-1 said so before it closed: the balancer saw it, not a refused connection.
    expect([...readStats.notReadySaid]).toContain('stopping');
    expect(readStats.ok).toBeGreaterThan(100);
    const result = await checkInvariants(run, {
      mentions: [...asks, ...ids],
      sends,
      supplyBefore,
    });
    expect(result.problems).toEqual([]);
    expect(result.leftLeased).toEqual({ jobs: 0, inbox: 0, outbox: 0 });
  });

  it('a worker stopped while it is still starting finishes its start and exits 0', {
    timeout: 60_000,
  }, async () => {
    // Held here, the migration lock keeps the worker in its start until released.
    const holder = new pg.Client({ connectionString: databaseUrl });
    await holder.connect();
    try {
      await holder.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
      const worker = run.worker('worker-stopped-starting');
      const waiting = async () =>
        (
          await holder.query(
            `select count(*)::int as n from pg_locks where locktype = 'advisory' and not granted
              and database = (select oid from pg_database where datname = current_database())`,
          )
        ).rows[0].n > 0;
      while (!(await waiting()))
        await waitRealMs(20, 'process: the worker child starts in its own time');
      worker.process.kill('SIGTERM');
      await holder.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
      expect(await worker.exited).toMatchObject({ code: 0, signal: null });
    } finally {
      await holder.end();
    }
  });

  it('a worker stopped while its modules are still loading exits 0', {
    timeout: 60_000,
  }, async () => {
    // The CI run that found it: a worker restarted a few seconds before the end of the run was
    // still loading its modules on the busy machine when it was stopped, and died of SIGTERM.
    const hook = path.resolve(import.meta.dirname, '../../support/stop-while-loading.mjs');
    const worker = run.worker('worker-stopped-loading', {
      NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import ${pathToFileURL(hook).href}`,
    });
    // 0 only from the end of a whole start and stop (every refusal exits 1).
    expect(await worker.exited).toMatchObject({ code: 0, signal: null });
  });
});
