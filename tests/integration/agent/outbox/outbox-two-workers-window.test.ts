import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueReply } from '@/agent/outbox/outbox-queue.ts';
import { X_POSTING_LIMITS } from '@/agent/outbox/pacing.ts';
import { type SendRepliesDeps, sendDueReplies } from '@/agent/outbox/send-replies.ts';
import type { Db } from '@/db/client.ts';
import { agentOutbox } from '@/db/schema/index.ts';
import { createLogger } from '@/main/logger.ts';
import { createTestDatabase } from '../../../support/test-db.ts';

/**
 * Two workers at a posting window's last slot (issue 45 §1's burst bench met X's 429 there):
 * both read "one post left" from the sent rows; the one that claimed second must see the
 * other's reply in flight and give way, so the window is never asked for one post too many.
 */
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Db;
const now = new Date(Date.now() + 60_000); // after every row's default next_attempt_at
beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
});
afterAll(() => database.close());

function stalledX() {
  let answer!: () => void;
  let onReach!: () => void;
  const reached = new Promise<void>((r) => {
    onReach = r;
  });
  let calls = 0;
  return {
    reached,
    calls: () => calls,
    answer: () => answer(),
    createTweet: async () => {
      calls++;
      onReach();
      await new Promise<void>((r) => {
        answer = r;
      });
      return { tweet: { id: `tweet-${calls}`, text: 'hi' }, rateLimit: null } as never;
    },
  };
}

const sender = (workerId: string, x: SendRepliesDeps['x']): SendRepliesDeps => ({
  db,
  logger: createLogger('silent'),
  x,
  timeline: { findReplyTo: async () => null },
  access: async () => ({ xUserId: 'agent', accessToken: 't' }),
  now: () => now,
  workerId,
  leaseMs: 30_000,
  limits: { ...X_POSTING_LIMITS, perWindow: 2 },
  accessTier: 'self-serve',
  agentHandle: 'UpsiderAgent',
});

describe('two workers at the window’s last slot', () => {
  it('the second gives way while the first posts, and X is asked once', async () => {
    await db.insert(agentOutbox).values({
      key: 'reply:p0',
      postId: 'p0',
      inReplyToId: 'p0',
      text: 'sent a minute ago',
      status: 'sent',
      sentAt: new Date(now.getTime() - 60_000),
      sentPostId: 'tweet-0',
    });
    for (const p of ['p1', 'p2'])
      await enqueueReply(db, { key: `reply:${p}`, postId: p, inReplyToId: p, text: `to ${p}` });

    const xA = stalledX();
    const a = sendDueReplies(sender('A', xA), 5); // claims p1, then waits inside X
    await xA.reached;
    const xB = stalledX();
    const b = await sendDueReplies(sender('B', xB), 5);
    expect(xB.calls()).toBe(0);
    expect(b.sent).toBe(0);
    expect(b.waitUntil!.getTime()).toBeGreaterThan(now.getTime());

    xA.answer();
    expect((await a).sent).toBe(1);
    const rows = await db.select().from(agentOutbox);
    expect(rows.filter((r) => r.status === 'sent')).toHaveLength(2);
    // p2 waits for the window, untried: giving way cost it no attempt.
    expect(rows.find((r) => r.key === 'reply:p2')).toMatchObject({
      status: 'pending',
      attempts: 0,
      lockedBy: null,
    });
  });
});
