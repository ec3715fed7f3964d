import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queueRenewalReminders } from '@/agent/notices/queue-notices.ts';
import { enqueueReply } from '@/agent/outbox/outbox-queue.ts';
import { jobReplyPriority, REPLY_PRIORITY } from '@/agent/outbox/reply-priority.ts';
import { rewardMonths, rewardPayouts } from '@/db/schema/index.ts';
import { type AgentEnv, offsetClock, startAgentEnv } from '../../../support/agent-env.ts';
import { createSubscription, daysBefore } from '../../../support/factories.ts';

/**
 * Premium subscribers' replies leave the outbox first (the tier's prioritized replies; decision
 * 0022); monthly reward winners (decision 0013) and subscribers near their plan's end hear it
 * from the agent, once.
 */
let t: AgentEnv;
let alice: { id: string };
let bob: { id: string };
let carol: { id: string };

const plan = (userId: string, tier: 'pro' | 'premium', endsInDays: number) =>
  createSubscription(t.deps, {
    xUserId: userId,
    tier,
    start: daysBefore(new Date(), 20),
    end: daysBefore(new Date(), -endsInDays),
  });

/** The agent's clock: a retry's back-off is passed by moving it, not waited out. */
const clock = offsetClock();

beforeAll(async () => {
  // Reminders are off by default in tests (the harness sets 0): this file turns them on itself.
  t = await startAgentEnv({ env: { SUBSCRIPTION_REMINDER_DAYS: '3' }, now: clock.now });
  alice = await t.user('alice');
  bob = await t.user('bob');
  carol = await t.user('carol');
  await plan(alice.id, 'premium', 2);
  await plan(carol.id, 'premium', 10);
});
afterAll(() => t?.close());

describe('prioritized replies', () => {
  it("a Premium subscriber's reply is posted before older replies to free users", async () => {
    const fromBob = await t.post('bob', '@UpsiderAgent balance');
    const fromCarol = await t.post('carol', '@UpsiderAgent balance');
    await t.agent.worker.poll();
    while ((await t.agent.worker.processDue()) > 0);
    const queued = (await t.counts()).outbox;
    expect(queued.find((r) => r.inReplyToId === fromBob.id)?.priority).toBe(REPLY_PRIORITY.answer);
    expect(queued.find((r) => r.inReplyToId === fromCarol.id)?.priority).toBe(
      REPLY_PRIORITY.premiumAnswer,
    );

    await t.agent.worker.sendReplies();
    // Post ids grow with time on X: the smaller id was posted first.
    const sentId = async (postId: string) => {
      const [reply] = await t.repliesTo(postId);
      return BigInt(reply!.id);
    };
    expect(await sentId(fromCarol.id)).toBeLessThan(await sentId(fromBob.id));
  });

  it('a direct answer does not wait behind older replies to long jobs, even Premium ones', async () => {
    // Two finished analyses (one for a Premium subscriber) queued before bob asks his balance.
    const asks = [
      await t.post('carol', '@UpsiderAgent analyze $UP'),
      await t.post('alice', '@UpsiderAgent analyze $DAG'),
    ];
    for (const [i, ask] of asks.entries())
      await enqueueReply(t.deps.db, {
        key: `test-analysis:${ask.id}`,
        postId: ask.id,
        inReplyToId: ask.id,
        text: `Analysis ${i}: steady volume.`,
        priority: jobReplyPriority(i === 0 ? 1 : 0),
      });
    const fromBob = await t.post('bob', '@UpsiderAgent what is my balance');
    await t.agent.worker.poll();
    while ((await t.agent.worker.processDue()) > 0);
    await t.agent.worker.sendReplies();
    const sentId = async (postId: string) => BigInt((await t.repliesTo(postId))[0]!.id);
    const bobAnswer = await sentId(fromBob.id);
    for (const ask of asks) expect(bobAnswer).toBeLessThan(await sentId(ask.id));
    // Within the long-job class the Premium subscriber's reply still leaves first.
    expect(await sentId(asks[0]!.id)).toBeLessThan(await sentId(asks[1]!.id));
  });
});

describe('notices the agent posts unasked', () => {
  let alicePost: { id: string };

  beforeAll(async () => {
    alicePost = await t.post('alice', '@UpsiderAgent balance');
    await t.agent.worker.tick();
  });

  it('0 days (the test default) turns reminders off: nobody is reminded', async () => {
    const deps = {
      db: t.deps.db,
      now: t.deps.now,
      publicUrl: t.config.publicUrl,
      agentHandle: t.config.publicConfig.agentHandle,
      accessTier: t.config.x.accessTier,
    };
    expect(await queueRenewalReminders(deps, { days: 0 })).toBe(0);
  });

  it('reminds a subscriber whose plan ends within the configured days, once', async () => {
    const first = await t.agent.worker.queueNotices();
    // alice (2 days left) is reminded; carol (10 days) and bob (no plan) are not.
    expect(first.reminders).toBe(1);
    expect((await t.agent.worker.queueNotices()).reminders).toBe(0);
    await t.agent.worker.sendReplies();
    const replies = await t.repliesTo(alicePost.id);
    const reminder = replies.find((r) => r.text.startsWith('Your Premium plan ends'));
    expect(reminder?.text).toMatch(
      /^Your Premium plan ends on \w{3} \d+, \d{4} \(2 days left\)\. To renew, reply "@UpsiderAgent subscribe premium monthly" or visit http\S+\/premium$/,
    );
  });

  it('a notice retried after an X failure is still posted under a post the agent already answered', async () => {
    const asked = await t.post('bob', '@UpsiderAgent my balance please');
    await t.drain();
    expect(await t.repliesTo(asked.id)).toHaveLength(1);
    await enqueueReply(t.deps.db, {
      key: 'test-notice:retried',
      postId: asked.id,
      inReplyToId: asked.id,
      text: 'A notice that X fails once.',
    });
    await t.fault({ path: '/2/tweets', status: 503, count: 1 });
    // The retry looks on the agent's timeline first: the earlier answer is not this notice's.
    for (let i = 0; i < 20 && (await t.repliesTo(asked.id)).length < 2; i++) {
      await t.agent.worker.sendReplies();
      clock.advance(2_500); // past the retry's back-off (at most 2 s after one failure)
    }
    expect(await t.replyTexts(asked.id)).toContain('A notice that X fails once.');
  });

  it('announces a paid reward with two decimals, once, under a post that asked nothing else', async () => {
    await t.deps.db.insert(rewardMonths).values({ month: '2026-10', pool: 100_000_000_000n });
    await t.deps.db.insert(rewardPayouts).values([
      {
        month: '2026-10',
        xUserId: alice.id,
        rank: 1,
        activityCount: 12,
        amount: 33_333_333_333n,
        state: 'paid',
      },
      // Not paid (the pool ran dry): nothing is announced.
      {
        month: '2026-10',
        xUserId: bob.id,
        rank: 2,
        activityCount: 5,
        amount: 40_000_000_000n,
        state: 'failed',
      },
    ]);
    // Alice's only post so far is a command ("balance"): a reward there would read as its answer.
    expect((await t.agent.worker.queueNotices()).rewards).toBe(0);
    const chat = await t.post('alice', '@UpsiderAgent gm, love this');
    const command = await t.post('alice', '@UpsiderAgent what is my address');
    await t.agent.worker.tick();
    expect((await t.agent.worker.queueNotices()).rewards).toBe(1);
    expect((await t.agent.worker.queueNotices()).rewards).toBe(0);
    await t.agent.worker.sendReplies();
    const notice =
      /^You finished #1 on the October 2026 leaderboard: 333\.33 UP from the monthly rewards is in your wallet\. Thank you! http\S+\/leaderboard$/;
    expect(await t.replyTexts(chat.id)).toContainEqual(expect.stringMatching(notice));
    for (const other of [alicePost, command]) {
      expect(await t.replyTexts(other.id)).not.toContainEqual(expect.stringMatching(notice));
    }
  });
});
