import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ProcessDeps, processJob } from '@/agent/engine/process-job.ts';
import { claimInboxJobs } from '@/agent/jobs/inbox-queue.ts';
import { notFound, refused } from '@/core/errors.ts';
import type { Db } from '@/db/client.ts';
import { drainJobs, enqueueJob, getJobByKey } from '@/db/queue/index.ts';
import { agentInbox, agentOutbox } from '@/db/schema/index.ts';
import { createLogger } from '@/main/logger.ts';
import { createTestDatabase } from '../../../support/test-db.ts';

// A job that cannot succeed stops retrying (decision 0050): an error that says the request can
// never work (an unknown user, an invalid input) ends the job on its first attempt, answered and
// receipted; trouble that may pass (a refusal by a rule, an outage) is still retried.

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Db;
const logger = createLogger('silent');
const t0 = new Date(Date.now() + 60_000);

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
});
afterAll(() => database.close());

/** The engine's deps for a post whose command throws `error`. */
const engineThrowing = (error: Error) =>
  ({
    db,
    logger,
    now: () => t0,
    publicUrl: 'http://upsider.test',
    agentHandle: 'UpsiderAgent',
    agentUserId: 'agent',
    agent: { explorerTxUrl: 'http://explorer.test/tx' },
    subscriptions: { repliesFirst: async () => false },
    interpret: () => {
      throw error;
    },
  }) as unknown as ProcessDeps;

async function runMention(postId: string, error: Error) {
  await db.insert(agentInbox).values({
    postId,
    source: 'x',
    authorId: 'u1',
    authorUsername: 'alice',
    text: '@UpsiderAgent analyze $UP',
    post: { id: postId, authorId: 'u1', text: '@UpsiderAgent analyze $UP', referencedTweets: [] },
    nextAttemptAt: t0,
  });
  const [row] = await claimInboxJobs(db, { workerId: 'w', limit: 1, now: t0, leaseMs: 60_000 });
  await processJob(engineThrowing(error), row!);
  const [after] = await db.select().from(agentInbox).where(eq(agentInbox.postId, postId));
  const replies = await db.select().from(agentOutbox).where(eq(agentOutbox.postId, postId));
  return { row: after!, replies };
}

describe('inbox: a command that can never run', () => {
  it('fails on its first attempt with one reply, not retried twelve times', async () => {
    const r = await runMention('perm-1', notFound('No user with X id u1', 'unknown_user'));
    expect(r.row).toMatchObject({ status: 'failed', attempts: 1 });
    expect(r.row.lastError).toBe('No user with X id u1');
    expect(r.replies.map((x) => x.key)).toEqual(['reply:perm-1']);
  });

  it('a refusal by a rule or an outage is still retried', async () => {
    for (const [id, error] of [
      ['perm-2', refused('over a limit', 'limit')],
      ['perm-3', new Error('upstream 503')],
    ] as const) {
      const r = await runMention(id, error);
      expect(r.row).toMatchObject({ status: 'pending', attempts: 1 });
      expect(r.replies).toEqual([]);
    }
  });
});

describe('jobs queue: a handler error that says it is permanent', () => {
  it('goes to the dead letter at once; any other error is retried', async () => {
    await enqueueJob(db, { kind: 'perm_test', key: 'perm:a', payload: {}, maxAttempts: 5 });
    await enqueueJob(db, { kind: 'perm_test', key: 'perm:b', payload: {}, maxAttempts: 5 });
    await drainJobs(db, {
      workerId: 'w',
      now: () => t0,
      handlers: {
        perm_test: async (job) => {
          if (job.key === 'perm:a') throw notFound('No user with X id u2', 'unknown_user');
          throw new Error('model down');
        },
      },
    });
    expect(await getJobByKey(db, 'perm:a')).toMatchObject({ status: 'failed', attempts: 1 });
    expect(await getJobByKey(db, 'perm:b')).toMatchObject({ status: 'pending', attempts: 1 });
  });
});
