import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentConfirmations, transfers } from '@/db/schema/index.ts';
import { MAX_WEIGHTED_LENGTH, weightedLength } from '@/shared/x-text.ts';
import { type AgentEnv, startAgentEnv } from '../../support/agent-env.ts';

// Issue 43 §3: the agent checks the wallet before it asks, states the total, says how to get UP,
// and answers a near-miss with the exact text to post. Posts go through the local X.
let t: AgentEnv;
let alice: string;

const drain = async () => {
  for (let i = 0; i < 4; i++) await t.agent.worker.tick();
};
const replyTo = async (postId: string) => {
  const [reply] = await t.replyTexts(postId);
  expect(reply).toBeDefined();
  expect(weightedLength(reply!)).toBeLessThanOrEqual(MAX_WEIGHTED_LENGTH);
  return reply!;
};

beforeAll(async () => {
  t = await startAgentEnv({ env: { AGENT_CONFIRM_ABOVE_UP: '50' } });
  await t.user('alice');
  await t.user('bob');
  alice = await t.walletAddressOf('alice');
  await t.fund(alice, 'UP', '20');
});
afterAll(() => t?.close());

describe('the agent checks before it asks', () => {
  it('a send above the threshold that the wallet cannot cover is refused at once, with the balance and how to get UP', async () => {
    const p = await t.post('alice', '@UpsiderAgent send 100 UP to @bob');
    await drain();
    const reply = await replyTo(p.id);
    expect(reply).toMatch(/^Not sent: your balance is 20\.00 UP, and this needs 100\.5\d* UP/);
    expect(reply).toContain(alice);
    expect(reply).toMatch(/from an exchange or another wallet/);
    expect(reply).not.toContain('confirm');
    expect(await t.deps.db.select().from(agentConfirmations)).toHaveLength(0);
  });

  it('a preview the wallet covers states the fee, the network fee and the total; the reply uses the same wording', async () => {
    await t.fund(alice, 'UP', '200');
    // X refuses a duplicate post: the same command, worded once more.
    const p = await t.post('alice', '@UpsiderAgent send 100.00 UP to @bob');
    await drain();
    const preview = await replyTo(p.id);
    const fees =
      /\((fee 0\.50 UP(?:, network fee up to [\d.]+ UP)?)\): (?:at most )?([\d.]+) UP in all\./.exec(
        preview,
      );
    expect(fees, preview).not.toBeNull();
    const [, previewFees, total] = fees!;
    const networkFee = /network fee up to ([\d.]+)/.exec(previewFees!)?.[1] ?? '0';
    expect(Number(total)).toBeCloseTo(100.5 + Number(networkFee), 8);

    const [previewPost] = await t.repliesTo(p.id);
    await t.post('alice', '@UpsiderAgent confirm', { inReplyToId: previewPost!.id });
    await drain();
    await t.settle();
    const sent = (await t.replyTexts(p.id)).find((text) => text.startsWith('Sent'));
    // The same words; the network fee as taken, if it was ("up to" is the preview's ceiling).
    expect(sent).toMatch(/^Sent 100\.00 UP to bob \(fee 0\.50 UP(?:, network fee [\d.]+ UP)?\)\./);
  });

  it('"blance" gets "did you mean" with the exact text to post, not the whole help', async () => {
    const p = await t.post('alice', '@UpsiderAgent blance');
    await drain();
    const reply = await replyTo(p.id);
    expect(reply).toMatch(/^Did you mean "@UpsiderAgent balance"\?/);
    expect(reply).not.toContain('subscribe premium');
  });

  it('"snd 5 UP to @bob" is quoted back as written and never executed', async () => {
    const before = (await t.deps.db.select().from(transfers)).length;
    const p = await t.post('alice', '@UpsiderAgent snd 5 UP to @bob');
    const q = await t.post('alice', '@UpsiderAgent snd 5 UP');
    await drain();
    // The recipient is quoted as "@…" and named without '@' (a reply tags nobody, decision 0043).
    expect(await replyTo(p.id)).toMatch(
      /^Did you mean "@UpsiderAgent send 5 UP to @…"\? Post that, putting bob's handle \(with its @\) in place of @…/,
    );
    expect(await replyTo(q.id)).toMatch(
      /^Did you mean "@UpsiderAgent send 5 UP to @…"\? Post that, putting the recipient's handle \(with its @\) in place of @…/,
    );
    expect(await t.deps.db.select().from(transfers)).toHaveLength(before);
  });
});
