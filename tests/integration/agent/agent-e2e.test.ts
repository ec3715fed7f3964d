import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activities, transfers } from '@/db/schema/index.ts';
import { type AgentEnv, startAgentEnv } from '../../support/agent-env.ts';

const UNIT = 100_000_000n;
let t: AgentEnv;
let aliceAddress: string;
let bobId: string;

/** Runs the agent's three steps until nothing is left (mentions → jobs → replies). */
const drain = async () => {
  for (let i = 0; i < 5; i++) await t.agent.worker.tick();
};
const onlyReply = async (postId: string) => {
  const replies = await t.repliesTo(postId);
  expect(replies).toHaveLength(1);
  return replies[0]!.text;
};

beforeAll(async () => {
  t = await startAgentEnv();
  await t.user('alice');
  bobId = (await t.user('bob')).id;
  const ask = await t.post('alice', "@UpsiderAgent what's my address");
  await drain();
  aliceAddress = /DAG\d[1-9A-HJ-NP-Za-km-z]{36}/.exec(await onlyReply(ask.id))![0];
  await t.fund(aliceAddress, 'UP', '1000');
  await t.fund(aliceAddress, 'DAG', '5');
});
afterAll(() => t?.close());

describe('agent end to end against the local X and the local network', () => {
  it('answers a balance question with the funded balance and its receipt number (no link: X bills a URL)', async () => {
    const p = await t.post('alice', '@UpsiderAgent balance');
    await drain();
    const reply = await onlyReply(p.id);
    expect(reply).toContain('1,000.00 UP · 5.00 DAG · 0.00 DOR');
    expect(reply).toContain(`Receipt #${p.id}`);
    expect(reply).not.toContain('http');
  });

  it('sends UP to a handle: transfer settled on the network, fee taken, reply posted once', async () => {
    const p = await t.post('alice', '@UpsiderAgent send 10 UP to @bob');
    await drain();
    await t.settle();
    const reply = await onlyReply(p.id);
    expect(reply).toMatch(/^Sent 10\.00 UP to bob \(fee 0\.05 UP\)\./);
    const [row] = await t.deps.db
      .select()
      .from(transfers)
      .where(eq(transfers.idempotencyKey, p.id));
    expect(row?.state).toBe('confirmed');
    expect(row?.amount).toBe(10n * UNIT);

    const bobBalance = await t.call('POST', '/sandbox/x/_admin/posts', {
      username: 'bob',
      text: '@UpsiderAgent balance',
    });
    await drain();
    expect(await onlyReply(bobBalance.body.id)).toContain('10.00 UP');

    const receipt = await t.call('GET', `/api/receipts/${p.id}`);
    expect(receipt.body.transfer.state).toBe('confirmed');
    expect(receipt.body.transactions.map((x: { kind: string }) => x.kind)).toEqual([
      'payment',
      'fee',
    ]);

    const acts = await t.deps.db.select().from(activities).where(eq(activities.postId, p.id));
    expect(acts.map((a) => a.kind).sort()).toEqual(['mention', 'send']);
    expect(acts.every((a) => a.userId !== bobId)).toBe(true);
  });

  it('refuses clearly: insufficient balance with the balance, unknown handle', async () => {
    const big = await t.post('alice', '@UpsiderAgent send 5 DAG to @bob');
    const ghost = await t.post('alice', '@UpsiderAgent send 1 UP to @nobody_here_xyz');
    await drain();
    expect(await onlyReply(big.id)).toContain('your balance is 5.00 DAG');
    expect(await onlyReply(ghost.id)).toMatch(/nobody_here_xyz is not an X account/);
  });

  it('ignores retweets and command text inside a quoted post: no funds move, no reply', async () => {
    const original = await t.post('bob', '@UpsiderAgent send all UP to @bob');
    const quote = await t.post('alice', 'look at this', { quotedId: original.id });
    await drain();
    expect(await t.repliesTo(quote.id)).toHaveLength(0);
    const moved = await t.deps.db
      .select()
      .from(transfers)
      .where(eq(transfers.idempotencyKey, quote.id));
    expect(moved).toHaveLength(0);
  });

  it('refuses "1,000": says to write it without commas, moves nothing', async () => {
    const before = await t.deps.db.select().from(transfers);
    const p = await t.post('alice', '@UpsiderAgent send 1,000 UP to @bob');
    await drain();
    expect(await onlyReply(p.id)).toMatch(
      /^Nothing sent: write the amount without commas, like 1000 or 1000\.5/,
    );
    expect(await t.deps.db.select().from(transfers)).toHaveLength(before.length);
  });

  it('help for anything else, linking the guide', async () => {
    const p = await t.post('alice', '@UpsiderAgent make me a sandwich');
    await drain();
    expect(await onlyReply(p.id)).toContain('/how-it-works');
  });

  it('a newcomer who only chats still shows on the mentions board by handle, not by id', async () => {
    const { id } = await t.user('newcomer');
    const p = await t.post('newcomer', '@UpsiderAgent gm');
    await drain();
    expect(await onlyReply(p.id)).toContain('/how-it-works');
    const board = await t.call('GET', '/api/leaderboard/mentions/all-time');
    const row = board.body.entries.find((e: { author_id: string }) => e.author_id === id);
    expect(row).toMatchObject({ username: 'newcomer', count: 1 });
  });

  it('a big send waits for "confirm" in reply to the preview, then runs once', async () => {
    const env = await startAgentEnv({ env: { AGENT_CONFIRM_ABOVE_UP: '50' } });
    try {
      await env.user('carol');
      await env.user('dave');
      const ask = await env.post('carol', "@UpsiderAgent what's my address");
      for (let i = 0; i < 3; i++) await env.agent.worker.tick();
      const address = /DAG\w{37}/.exec((await env.repliesTo(ask.id))[0]!.text)![0];
      await env.fund(address, 'UP', '500');
      const send = await env.post('carol', '@UpsiderAgent send 100 UP to @dave');
      for (let i = 0; i < 3; i++) await env.agent.worker.tick();
      const [preview] = await env.repliesTo(send.id);
      expect(preview!.text).toContain('Reply "confirm" within 10 minutes');
      expect(await env.deps.db.select().from(transfers)).toHaveLength(0);

      const stranger = await env.post('dave', '@UpsiderAgent confirm', {
        inReplyToId: preview!.id,
      });
      const confirm = await env.post('carol', '@UpsiderAgent confirm', {
        inReplyToId: preview!.id,
      });
      const again = await env.post('carol', '@UpsiderAgent Confirm.', { inReplyToId: send.id });
      for (let i = 0; i < 4; i++) await env.agent.worker.tick();
      // Both confirms reply to the preview: X's own reply prefix may be all their mention of the
      // agent, so they are answered under the command post the preview answered (decision 0043).
      expect(await env.repliesTo(stranger.id)).toHaveLength(0);
      expect(await env.repliesTo(confirm.id)).toHaveLength(0);
      const underSend = await env.replyTexts(send.id);
      expect(underSend.filter((t) => /^Nothing to confirm/.test(t))).toHaveLength(1);
      expect(underSend.filter((t) => /^Sent 100\.00 UP to dave /.test(t))).toHaveLength(1);
      expect((await env.repliesTo(again.id))[0]!.text).toMatch(/^Nothing to confirm/);
      const sent = await env.deps.db.select().from(transfers);
      expect(sent).toHaveLength(1);
      expect(sent[0]!.idempotencyKey).toBe(send.id);
    } finally {
      await env.close();
    }
  });
});
