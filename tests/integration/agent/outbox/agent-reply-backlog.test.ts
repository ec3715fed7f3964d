import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentOutbox } from '@/db/schema/index.ts';
import { type AgentEnv, offsetClock, startAgentEnv } from '../../../support/agent-env.ts';

/**
 * A reply backlog at X's posting windows (issue 45 §1, decision 0063) through the whole product
 * on the local X, here with a 3-hour window of 3 posts: a queued reply's receipt and /status say
 * where it stands and when it leaves; once the conversation went cold the author's queued replies
 * come in one digest listing their receipts, every folded receipt names it, nothing is dropped.
 */
const MINUTE = 60_000;
const clock = offsetClock();
let t: AgentEnv;
const receiptOf = async (postId: string) => (await t.call('GET', `/api/receipts/${postId}`)).body;

beforeAll(async () => {
  t = await startAgentEnv({
    now: clock.now,
    env: { AGENT_X_POSTS_PER_3_HOURS: '3' },
    xLimits: { tweetCreateThreeHours: 3 },
  });
  await t.user('pacer');
  await t.user('other');
  await t.fund(await t.walletAddressOf('pacer'), 'UP', '100');
}, 180_000);
afterAll(() => t?.close());

const ids: Record<string, string> = {};

describe('a reply backlog', () => {
  it('shows a queued reply’s place in line and when X’s windows let it out', async () => {
    // walletAddressOf's question took one post of the window; two more leave, three wait.
    for (const [name, user, text] of [
      ['a', 'other', 'balance aa'],
      ['b', 'other', 'balance bb'],
      ['balance', 'pacer', 'balance cc'],
      ['send', 'pacer', 'send 5 UP to @bob'],
      ['late', 'other', 'balance dd'],
    ]) {
      ids[name!] = (await t.post(user!, `@UpsiderAgent ${text}`)).id;
      await t.drain();
    }
    const sent = await t.database.db.select().from(agentOutbox);
    const firstSentAt = Math.min(...sent.filter((r) => r.sentAt).map((r) => r.sentAt!.getTime()));
    const send = await receiptOf(ids.send!);
    expect(send.result).toBe('done'); // the money moved; only its answer on X waits
    expect(send.reply.status).toBe('pending');
    expect(send.reply.queue).toMatchObject({ place: 2, depth: 3 });
    const balance = await receiptOf(ids.balance!);
    expect(balance.reply.queue).toMatchObject({ place: 1, depth: 3 });
    // The next post the 3-hour window allows: when the oldest of its three leaves it.
    const at = Date.parse(balance.reply.queue.estimatedAt);
    expect(at).toBeGreaterThanOrEqual(firstSentAt + 180 * MINUTE);
    expect(at).toBeLessThan(firstSentAt + 180 * MINUTE + 5000);
    expect((await receiptOf(ids.late!)).reply.queue).toMatchObject({ place: 3, depth: 3 });

    // The same order as the claim's: a Premium answer queued now goes ahead of both.
    await t.database.db
      .insert(agentOutbox)
      .values({ key: 'reply:1', postId: '1', inReplyToId: '1', text: 'premium', priority: 3 });
    expect((await receiptOf(ids.balance!)).reply.queue).toMatchObject({ place: 2, depth: 4 });
    const status = (await t.call('GET', '/api/agent/status')).body;
    expect(status.outbox.depth).toBe(4);
    expect(Date.parse(status.outbox.drainEstimateAt)).toBeGreaterThanOrEqual(at);
    await t.database.db.delete(agentOutbox).where(eq(agentOutbox.key, 'reply:1'));
  }, 180_000);

  it('folds each author’s cold replies into one digest, money first, and drops none', async () => {
    // (The send was asked after the balance: listed first because it moved money.)
    clock.advance(180 * MINUTE + 1000); // the window has room again; every mention is cold
    await t.drain();
    const rows = await t.database.db.select().from(agentOutbox);
    expect(rows.filter((r) => r.status === 'pending' || r.status === 'failed')).toEqual([]);

    const pacer = await t.replyTexts(ids.send!);
    expect(pacer).toHaveLength(1); // one digest, under their latest post
    expect(await t.replyTexts(ids.balance!)).toEqual([]);
    const links = pacer[0]!.match(/\/receipts\/\d+/g);
    expect(links).toEqual([`/receipts/${ids.send}`, `/receipts/${ids.balance}`]);
    expect(await t.replyTexts(ids.late!)).toHaveLength(1);

    const digests = rows.filter((r) => r.key.startsWith('digest:'));
    expect(digests).toHaveLength(2);
    for (const name of ['send', 'balance', 'late']) {
      const receipt = await receiptOf(ids[name]!);
      expect(receipt.reply.status).toBe('folded');
      expect(receipt.reply.folded.status).toBe('sent');
      expect(digests.map((d) => d.sentPostId)).toContain(receipt.reply.folded.postId);
    }
  }, 180_000);
});
