import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '@/db/client.ts';
import {
  claimJobs,
  drainJobs,
  enqueueJob,
  finishJob,
  getJobByKey,
  PermanentJobError,
} from '@/db/queue/index.ts';
import { jobs } from '@/db/schema/index.ts';
import { XApiError } from '@/integrations/x/errors.ts';
import { createTestDatabase } from '../../../support/test-db.ts';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Db;
const t0 = new Date('2026-11-24T12:00:00Z');
const at = (ms: number) => new Date(t0.getTime() + ms);

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
});
afterAll(() => database.close());
beforeEach(async () => {
  await db.delete(jobs);
});

describe('durable job queue', () => {
  it('stores a key once: a second enqueue of the same work changes nothing', async () => {
    expect(await enqueueJob(db, { kind: 'k', key: 'a', payload: { n: 1 } })).toBe(true);
    expect(await enqueueJob(db, { kind: 'k', key: 'a', payload: { n: 2 } })).toBe(false);
    expect((await getJobByKey(db, 'a'))?.payload).toEqual({ n: 1 });
  });

  it('claims the highest priority first, then the oldest, only kinds asked for, only when due', async () => {
    await enqueueJob(db, { kind: 'k', key: 'old', payload: {}, runAt: at(0) });
    await enqueueJob(db, { kind: 'k', key: 'new', payload: {}, runAt: at(1) });
    await enqueueJob(db, { kind: 'k', key: 'vip', payload: {}, runAt: at(2), priority: 1 });
    await enqueueJob(db, { kind: 'other', key: 'x', payload: {}, runAt: at(0) });
    await enqueueJob(db, { kind: 'k', key: 'later', payload: {}, runAt: at(60_000) });
    const claimed = await claimJobs(db, {
      kinds: ['k'],
      workerId: 'w',
      limit: 10,
      leaseMs: 1000,
      now: at(5),
    });
    expect(claimed.map((j) => j.key)).toEqual(['vip', 'old', 'new']);
    expect(claimed.every((j) => j.attempts === 1 && j.lockedBy === 'w')).toBe(true);
  });

  it('a job stamped by the database within the app clock’s millisecond is due in that millisecond', async () => {
    // The database's now() has microseconds, the app's clock milliseconds: a job queued 0.5 ms
    // into the millisecond its first drain runs in must be claimed by that drain.
    await enqueueJob(db, { kind: 'k', key: 'fresh', payload: {} });
    await db.update(jobs).set({ nextAttemptAt: new Date(t0) });
    await db.execute(
      sql`update jobs set next_attempt_at = next_attempt_at + interval '500 microseconds'`,
    );
    const claim = (now: Date) =>
      claimJobs(db, { kinds: ['k'], workerId: 'w', limit: 1, leaseMs: 1000, now });
    expect(await claim(at(-1))).toEqual([]);
    expect((await claim(at(0))).map((j) => j.key)).toEqual(['fresh']);
  });

  it('never hands one job to two workers; a dead worker’s lease runs out and the job is claimed again', async () => {
    for (let i = 0; i < 20; i++)
      await enqueueJob(db, { kind: 'k', key: `j${i}`, payload: {}, runAt: at(0) });
    const batches = await Promise.all(
      ['w1', 'w2', 'w3'].map((workerId) =>
        claimJobs(db, { kinds: ['k'], workerId, limit: 10, leaseMs: 1000, now: at(10) }),
      ),
    );
    const keys = batches.flat().map((j) => j.key);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys.length).toBe(20);
    expect(
      await claimJobs(db, { kinds: ['k'], workerId: 'w4', limit: 50, leaseMs: 1000, now: at(500) }),
    ).toEqual([]);
    const reclaimed = await claimJobs(db, {
      kinds: ['k'],
      workerId: 'w4',
      limit: 50,
      leaseMs: 1000,
      now: at(2000),
    });
    expect(reclaimed).toHaveLength(20);
    // The first holder comes back late: its lease was taken over, so it cannot settle the job.
    const late = batches.flat()[0]!;
    expect(await finishJob(db, late, { now: at(2100) })).toBe(false);
  });

  it('retries a failing job with growing delays and dead-letters it after max attempts', async () => {
    await enqueueJob(db, { kind: 'flaky', key: 'f', payload: {}, runAt: at(0), maxAttempts: 3 });
    let clock = at(0);
    const errors: boolean[] = [];
    const run = () =>
      drainJobs(db, {
        workerId: 'w',
        now: () => clock,
        backoffMs: 1000,
        handlers: { flaky: async () => Promise.reject(new Error('upstream 503')) },
        onError: (_job, _e, willRetry) => errors.push(willRetry),
      });
    expect(await run()).toBe(1);
    let row = await getJobByKey(db, 'f');
    expect(row).toMatchObject({ status: 'pending', attempts: 1, lastError: 'upstream 503' });
    expect(row!.nextAttemptAt.getTime()).toBe(at(1000).getTime());
    clock = at(999);
    expect(await run()).toBe(0);
    clock = at(1000);
    await run();
    row = await getJobByKey(db, 'f');
    expect(row!.nextAttemptAt.getTime()).toBe(at(3000).getTime());
    clock = at(3000);
    await run();
    row = await getJobByKey(db, 'f');
    expect(row).toMatchObject({ status: 'failed', attempts: 3 });
    expect(errors).toEqual([true, true, false]);
  });

  it('a job X turned away waits for the window’s reset and keeps its tries; a blocked account never runs it out', async () => {
    await enqueueJob(db, { kind: 'post', key: 'p', payload: {}, runAt: at(0), maxAttempts: 2 });
    const reset = at(15 * 60_000);
    const windowRefused = new XApiError({
      status: 429,
      title: 'Too Many Requests',
      detail: 'Too Many Requests',
      rateLimit: { limit: 100, remaining: 0, resetAt: reset },
    });
    const usageCap = new XApiError({
      status: 429,
      title: 'UsageCapExceeded',
      detail: 'Usage cap exceeded: Monthly product cap',
      usageCap: { period: 'Monthly', scope: 'Product' },
    });
    let clock = at(0);
    let answer: Error = windowRefused;
    const run = () =>
      drainJobs(db, {
        workerId: 'w',
        now: () => clock,
        backoffMs: 1000,
        handlers: { post: async () => Promise.reject(answer) },
      });
    await run();
    let row = await getJobByKey(db, 'p');
    // Not after the 1 s backoff: no sooner than X said, and the try given back.
    expect(row).toMatchObject({ status: 'pending', attempts: 0 });
    expect(row!.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(reset.getTime());
    clock = at(14 * 60_000);
    expect(await run()).toBe(0);
    // Five refusals of a blocked account against two allowed tries: still pending.
    answer = usageCap;
    for (let i = 0; i < 5; i++) {
      clock = (await getJobByKey(db, 'p'))!.nextAttemptAt;
      expect(await run()).toBe(1);
    }
    row = await getJobByKey(db, 'p');
    expect(row).toMatchObject({ status: 'pending', attempts: 0 });
    // A plain failure still counts: two of them fail the job.
    answer = new Error('upstream 503');
    for (let i = 0; i < 2; i++) {
      clock = (await getJobByKey(db, 'p'))!.nextAttemptAt;
      await run();
    }
    expect(await getJobByKey(db, 'p')).toMatchObject({ status: 'failed', attempts: 2 });
  });

  it('finishes with the handler’s result, and fails at once on a permanent error, keeping its result', async () => {
    await enqueueJob(db, { kind: 'ok', key: 'ok', payload: { x: 2 }, runAt: at(0) });
    await enqueueJob(db, { kind: 'bad', key: 'bad', payload: {}, runAt: at(0) });
    await drainJobs(db, {
      workerId: 'w',
      now: () => at(1),
      handlers: {
        ok: async (job) => ({ doubled: (job.payload as { x: number }).x * 2 }),
        bad: async () => {
          throw new PermanentJobError('target post deleted', { reason: 'deleted' });
        },
      },
    });
    expect(await getJobByKey(db, 'ok')).toMatchObject({ status: 'done', result: { doubled: 4 } });
    expect(await getJobByKey(db, 'bad')).toMatchObject({
      status: 'failed',
      attempts: 1,
      lastError: 'target post deleted',
      result: { reason: 'deleted' },
    });
  });
});
