import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type ProcessDeps, processJob } from '@/agent/engine/process-job.ts';
import { claimInboxJobs } from '@/agent/jobs/inbox-queue.ts';
import { enqueueReply } from '@/agent/outbox/outbox-queue.ts';
import { X_POSTING_LIMITS } from '@/agent/outbox/pacing.ts';
import { type SendRepliesDeps, sendDueReplies } from '@/agent/outbox/send-replies.ts';
import type { Db } from '@/db/client.ts';
import { agentInbox, agentOutbox, agentState } from '@/db/schema/index.ts';
import { createLogger } from '@/main/logger.ts';
import { createTestDatabase } from '../../../support/test-db.ts';

// A worker that stalls past its lease (a crash it comes back from, a long GC pause) while another
// worker takes the row over must not settle it: the shared queue helper fences every write by the
// claim's lease, for the inbox and the outbox alike.

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Db;
const logger = createLogger('silent');
const t0 = new Date(Date.now() + 60_000); // after every row's default next_attempt_at (now())
const at = (ms: number) => new Date(t0.getTime() + ms);
let clock = t0;
const lease = { leaseMs: 1000 };

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
});
afterAll(() => database.close());
beforeEach(async () => {
  await db.delete(agentInbox);
  await db.delete(agentOutbox);
  await db.delete(agentState);
  clock = t0;
});

/** The engine's deps for a post it cannot read (interpret throws: a retryable failure). */
const failingEngine = {
  db: null as unknown as Db,
  logger,
  now: () => clock,
  publicUrl: 'http://upsider.test',
  agentHandle: 'UpsiderAgent',
  agentUserId: 'agent',
  agent: { explorerTxUrl: 'http://explorer.test/tx' },
  subscriptions: { repliesFirst: async () => false },
  interpret: () => {
    throw new Error('upstream 503');
  },
} as unknown as ProcessDeps;

async function storeMention(postId: string, attempts = 0) {
  await db.insert(agentInbox).values({
    postId,
    source: 'x',
    authorId: 'u1',
    authorUsername: 'alice',
    text: '@UpsiderAgent balance',
    post: { id: postId, authorId: 'u1', text: '@UpsiderAgent balance', referencedTweets: [] },
    attempts,
    nextAttemptAt: t0,
  });
}

const inboxRow = async (postId: string) =>
  (await db.select().from(agentInbox).where(eq(agentInbox.postId, postId)))[0]!;

describe('inbox: a lease taken over after a crash is honoured', () => {
  it('the stale worker neither retries nor finishes the job; the new holder does', async () => {
    await storeMention('p1');
    const [stale] = await claimInboxJobs(db, { workerId: 'A', limit: 5, now: at(0), ...lease });
    // A stalls; its lease runs out and B takes the job over.
    const [holder] = await claimInboxJobs(db, { workerId: 'B', limit: 5, now: at(2000), ...lease });
    expect(holder).toMatchObject({ postId: 'p1', lockedBy: 'B', attempts: 2 });

    clock = at(2100);
    await processJob({ ...failingEngine, db }, stale!); // A comes back and fails: would retry
    expect(await inboxRow('p1')).toMatchObject({ status: 'pending', lockedBy: 'B', attempts: 2 });
    expect((await inboxRow('p1')).lastError).toBeNull();

    await processJob({ ...failingEngine, db }, holder!);
    const row = await inboxRow('p1');
    expect(row).toMatchObject({ status: 'pending', lockedBy: null, lastError: 'upstream 503' });
    expect(row.nextAttemptAt.getTime()).toBeGreaterThan(at(2100).getTime());
  });

  it('on the last attempt the author is told once: the stale worker’s apology never commits', async () => {
    await storeMention('p2', 11); // the 12th claim is the last attempt
    const [stale] = await claimInboxJobs(db, { workerId: 'A', limit: 5, now: at(0), ...lease });
    const [holder] = await claimInboxJobs(db, { workerId: 'B', limit: 5, now: at(2000), ...lease });
    clock = at(2100);

    await processJob({ ...failingEngine, db }, stale!);
    expect(await db.select().from(agentOutbox)).toEqual([]);
    expect(await inboxRow('p2')).toMatchObject({ status: 'pending', lockedBy: 'B' });

    await processJob({ ...failingEngine, db }, holder!);
    const replies = await db.select().from(agentOutbox);
    expect(replies.map((r) => r.key)).toEqual(['reply:p2']);
    expect(replies[0]!.text).toContain('something went wrong on our side');
    expect(await inboxRow('p2')).toMatchObject({ status: 'failed', lastError: 'upstream 503' });
  });
});

describe('outbox: a lease taken over after a crash is honoured', () => {
  /** A createTweet that waits until the test lets it answer (or fail). */
  function stalledX() {
    let answer!: (error?: Error) => void;
    let onReach!: () => void;
    const reached = new Promise<void>((r) => {
      onReach = r;
    });
    return {
      reached,
      answer: (error?: Error) => answer(error),
      createTweet: async () => {
        onReach();
        const error = await new Promise<Error | undefined>((r) => {
          answer = r;
        });
        if (error) throw error;
        return { tweet: { id: 'tweet', text: 'hi' }, rateLimit: null } as never;
      },
    };
  }
  const sender = (workerId: string, x: SendRepliesDeps['x']): SendRepliesDeps => ({
    db,
    logger,
    x,
    // The holder looks first (a re-claimed reply): nothing of A's has landed.
    timeline: { findReplyTo: async () => null },
    access: async () => ({ xUserId: 'agent', accessToken: 't' }),
    now: () => clock,
    workerId,
    leaseMs: 1000,
    limits: X_POSTING_LIMITS,
    accessTier: 'self-serve',
    agentHandle: 'UpsiderAgent',
  });

  it('a stale sender’s late failure does not free the reply another worker now holds', async () => {
    await enqueueReply(db, { key: 'reply:p3', postId: 'p3', inReplyToId: 'p3', text: 'hi' });
    const xA = stalledX();
    const a = sendDueReplies(sender('A', xA), 1); // claims, then hangs inside X
    await xA.reached;
    clock = at(2000); // A's lease has run out: B takes the reply over and posts
    const xB = stalledX();
    const b = sendDueReplies(sender('B', xB), 1);
    await xB.reached;

    xA.answer(new Error('socket hang up')); // A fails late: a retry would free B's claim
    await a;
    const [held] = await db.select().from(agentOutbox);
    expect(held).toMatchObject({ status: 'pending', lockedBy: 'B', attempts: 2, lastError: null });
    const c = sender('C', { createTweet: async () => Promise.reject(new Error('C posted')) });
    expect(await sendDueReplies(c, 1)).toEqual({ sent: 0 }); // nothing free to claim

    xB.answer();
    expect(await b).toEqual({ sent: 1 });
    const [row] = await db.select().from(agentOutbox);
    expect(row).toMatchObject({ status: 'sent', sentPostId: 'tweet', lockedBy: null, attempts: 2 });
  });
});
