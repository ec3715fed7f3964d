import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { provisionSystemWallets } from '@/core/wallets/index.ts';
import { agentInbox, allowanceCharges, balanceHolds, jobs } from '@/db/schema/index.ts';
import { weightedLength } from '@/shared/x-text.ts';
import { type AgentEnv, offsetClock, startAgentEnv } from '../../support/agent-env.ts';

/**
 * Someone the product has never met (issue 40.4): whatever their first post to the agent asks,
 * it is answered once — done, or refused with how to get UP (their new wallet's address) — and
 * receipted; nothing is retried forever, nothing is charged that was not delivered.
 */
const clock = offsetClock();
let t: AgentEnv;
let target: { id: string };
let n = 0;

beforeAll(async () => {
  // The local network as the default run starts it: with Constellation's fee-less rate limit.
  t = await startAgentEnv({
    now: clock.now,
    env: { SANDBOX_FEE_LESS_LIMIT: 'on', SANDBOX_CONSTELLATION_START_ORDINAL: '0' },
  });
  await provisionSystemWallets(t.deps);
  await t.user('bob');
  target = await t.post('bob', 'UP is live on Constellation');
}, 180_000);
afterAll(() => t?.close());

/** A brand-new X account posts `text` as its very first post to the agent; its one answer. */
async function firstPost(text: string, extra: { inReplyToId?: string } = {}) {
  const username = `newcomer${++n}`;
  const user = await t.user(username);
  const ask = await t.post(username, text, extra);
  for (let i = 0; i < 6 && (await t.replyTexts(ask.id)).length === 0; i++) {
    await t.drain(2);
    clock.advance(2_000);
  }
  const replies = await t.replyTexts(ask.id);
  const [row] = await t.deps.db.select().from(agentInbox).where(eq(agentInbox.postId, ask.id));
  const receipt = await t.call('GET', `/api/receipts/${ask.id}`);
  return { user, ask, replies, row: row!, receipt };
}

const DAG = /DAG\d[1-9A-HJ-NP-Za-km-z]{36}/;

describe('a first-time X account', () => {
  it.each([
    ['analyze', '@UpsiderAgent analyze $UP', /^No analysis made: an analysis costs 75\.00 UP/],
    ['fingerprint', '@UpsiderAgent fingerprint this', /^Nothing fingerprinted: Not enough UP/],
    ['video', '@UpsiderAgent make a video of this', /^No video made: a video costs 250\.00 UP/],
  ])(
    'asking a paid %s with no UP is refused at once with its new wallet to add UP to',
    async (_kind, text, answer) => {
      const r = await firstPost(text, { inReplyToId: target.id });
      expect(r.replies).toHaveLength(1);
      const reply = r.replies[0]!;
      expect(reply).toMatch(answer);
      expect(reply).toContain('Nothing was charged.');
      expect(weightedLength(reply)).toBeLessThanOrEqual(280);
      // The address in the refusal is the account's own wallet, the one "what's my address" gives.
      const address = DAG.exec(reply)?.[0];
      expect(address).toBe(await t.walletAddressOf(`newcomer${n}`));
      expect(r.row).toMatchObject({ status: 'done', attempts: 1 });
      expect(r.receipt.status).toBe(200);
      // Nothing charged, nothing held, no work queued.
      const charges = await t.deps.db
        .select()
        .from(allowanceCharges)
        .where(eq(allowanceCharges.xUserId, r.user.id));
      expect(charges.every((c) => c.state === 'refused')).toBe(true);
      expect(
        await t.deps.db.select().from(balanceHolds).where(eq(balanceHolds.state, 'held')),
      ).toEqual([]);
      const queued = (await t.deps.db.select().from(jobs)).filter((j) =>
        String(j.key).endsWith(r.ask.id),
      );
      expect(queued).toEqual([]);
    },
  );

  it.each([
    ['balance', '@UpsiderAgent balance', /^Your balance: /],
    ['address', "@UpsiderAgent what's my address", /^Your wallet address: DAG/],
    ['send', '@UpsiderAgent send 5 UP to @bob', /^Not sent: /],
    ['subscribe', '@UpsiderAgent subscribe premium monthly', /^(Not subscribed: |Premium for)/],
    ['confirm', '@UpsiderAgent confirm', /^Nothing to confirm/],
    ['help', '@UpsiderAgent help', /Try "balance"/],
  ])('asking %s is answered once', async (_kind, text, answer) => {
    const r = await firstPost(text);
    expect(r.replies).toHaveLength(1);
    expect(r.replies[0]).toMatch(answer);
    expect(r.row).toMatchObject({ status: 'done', attempts: 1 });
    expect(r.receipt.status).toBe(200);
  });

  it('asking a promotion (free) is answered by the promotion itself, once', async () => {
    const r = await firstPost('@UpsiderAgent promote this', { inReplyToId: target.id });
    expect(r.row).toMatchObject({ status: 'done', attempts: 1 });
    for (let i = 0; i < 6; i++) await t.drain(2);
    const job = (await t.deps.db.select().from(jobs)).find(
      (j) => j.key === `promotion:${r.ask.id}`,
    );
    expect(job?.status).toBe('done');
    expect(r.receipt.status).toBe(200);
  });
});

describe('paid commands at the edge of the price (the local network asks its fee)', () => {
  /** A first-time account funded with `tokens` UP, then asking `text` on bob's post. */
  async function fundedAsk(tokens: string, text: string) {
    const username = `edge${++n}`;
    const user = await t.user(username);
    const address = await t.walletAddressOf(username);
    await t.fund(address, 'UP', tokens);
    const asked = t.llmRequests.length;
    const ask = await t.post(username, text, { inReplyToId: target.id });
    for (let i = 0; i < 8 && (await t.replyTexts(ask.id)).length === 0; i++) {
      await t.drain(2);
      clock.advance(2_000);
    }
    const charges = await t.deps.db
      .select()
      .from(allowanceCharges)
      .where(eq(allowanceCharges.xUserId, user.id));
    return {
      address,
      replies: await t.replyTexts(ask.id),
      modelAsked: t.llmRequests.length > asked,
      charges,
    };
  }

  it.each([
    ['exactly the price', '75'],
    ['one base unit under it', '74.99999999'],
  ])('an analysis with %s is refused before the model is asked', async (_case, tokens) => {
    const r = await fundedAsk(tokens, '@UpsiderAgent analyze $UP');
    expect(r.replies).toEqual([
      expect.stringMatching(
        /^No analysis made: an analysis costs 75\.00 UP plus up to 0\.002 UP network fee and your balance is 7[45]\.\d\d UP\. Nothing was charged\. Add UP to your wallet DAG/,
      ),
    ]);
    expect(r.modelAsked).toBe(false);
    expect(r.charges.map((c) => c.state)).toEqual(['refused']);
  });

  it('an analysis with the price and the network fee is made and charged, the wallet left at 0', async () => {
    const r = await fundedAsk('75.002', '@UpsiderAgent analyze $UP');
    expect(r.modelAsked).toBe(true);
    expect(r.replies).toHaveLength(1);
    expect(r.replies[0]).toContain('Paid 75.00 UP');
    expect(r.charges.map((c) => c.state)).toEqual(['paid']);
    await t.settle();
    expect((await t.deps.constellation.getBalance('UP', r.address)).balance).toBe(0n);
  });

  it('a video with exactly the price is refused before anything is rendered', async () => {
    const r = await fundedAsk('250', '@UpsiderAgent make a video of this');
    expect(r.replies[0]).toMatch(
      /^No video made: a video costs 250\.00 UP plus up to 0\.002 UP network fee and your balance is 250\.00 UP/,
    );
    expect(r.charges.map((c) => c.state)).toEqual(['refused']);
  });
});
