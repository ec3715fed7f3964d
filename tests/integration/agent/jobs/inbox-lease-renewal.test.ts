import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  claimInboxJobs,
  finishInboxJob,
  type InboxRow,
  workThroughInboxJobs,
} from '@/agent/jobs/inbox-queue.ts';
import type { Database } from '@/db/client.ts';
import { agentInbox } from '@/db/schema/index.ts';
import { createTestDatabase } from '../../../support/test-db.ts';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());

const T0 = new Date('2026-03-01T12:00:00Z').getTime();
const LEASE_MS = 1000;

beforeEach(async () => {
  await database.db.delete(agentInbox);
  await database.db.insert(agentInbox).values(
    ['1', '2', '3'].map((postId, i) => ({
      postId,
      source: 'x' as const,
      authorId: `10${i}`,
      text: '@UpsiderAgent balance',
      post: {},
      receivedAt: new Date(T0 - 3 + i),
      nextAttemptAt: new Date(T0 - 1000),
    })),
  );
});

/**
 * Worker A claims the whole batch under one lease and works through it; each job takes `jobMs`
 * of the clock, and after each one worker B tries to claim whatever A's leases no longer cover.
 */
async function runBatch(jobMs: number) {
  let clock = T0;
  const batch = await claimInboxJobs(database.db, {
    workerId: 'A',
    limit: 10,
    leaseMs: LEASE_MS,
    now: new Date(clock),
  });
  expect(batch).toHaveLength(3);
  const ranByA: string[] = [];
  const takenByB: InboxRow[] = [];
  await workThroughInboxJobs(database.db, batch, {
    leaseMs: LEASE_MS,
    now: () => new Date(clock),
    run: async (job) => {
      clock += jobMs;
      const done = { status: 'done', command: null, outcome: null, replyText: null } as const;
      if (await finishInboxJob(database.db, job, { ...done, now: new Date(clock) })) {
        ranByA.push(job.postId);
      }
      takenByB.push(
        ...(await claimInboxJobs(database.db, {
          workerId: 'B',
          limit: 10,
          leaseMs: LEASE_MS,
          now: new Date(clock),
        })),
      );
    },
  });
  return { ranByA, takenByB: takenByB.map((j) => j.postId) };
}

describe('a worker working through a claimed batch of inbox jobs', () => {
  it('keeps the jobs it has not reached: a batch longer than one lease is not taken over', async () => {
    // 3 jobs × 600 ms under a 1 s lease: without renewal B takes the third mid-batch.
    const { ranByA, takenByB } = await runBatch(600);
    expect(ranByA).toEqual(['1', '2', '3']);
    expect(takenByB).toEqual([]);
  });

  it('skips a job another worker took over while one job ran past the lease', async () => {
    // The first job alone outlasts the lease: B takes 2 and 3, and A must not run them too.
    const { ranByA, takenByB } = await runBatch(1500);
    expect(takenByB).toEqual(['2', '3']);
    expect(ranByA).toEqual(['1']);
  });
});
