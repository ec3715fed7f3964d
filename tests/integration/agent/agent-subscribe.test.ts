import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executeSubscribe } from '@/agent/commands/subscribe/execute-subscribe.ts';
import { createSession } from '@/core/auth/sessions.ts';
import { provisionSystemWallets } from '@/core/wallets/index.ts';
import { subscriptionQuotes, subscriptions, transfers } from '@/db/schema/index.ts';
import { formatTokenAmount } from '@/shared/units.ts';
import { type AgentEnv, offsetClock, startAgentEnv } from '../../support/agent-env.ts';
import { ORIGIN } from '../../support/sign-in.ts';

/** "@agent subscribe premium monthly" and its variants, paid in UP through the quote service. */
const clock = offsetClock();
const QUOTE_TTL_SECONDS = 300;
let t: AgentEnv;
const replyTo = async (postId: string) => {
  const replies = await t.repliesTo(postId);
  expect(replies).toHaveLength(1);
  return replies[0]!;
};
const ask = async (username: string, text: string, inReplyToId?: string) => {
  const post = await t.post(username, text, { inReplyToId });
  await t.drain();
  await t.settle();
  return { post, reply: await replyTo(post.id) };
};
/**
 * "confirm" under the agent's preview: X's reply prefix may be its only mention of the agent, so
 * the answer goes under the command post the preview answered (decision 0043).
 */
const confirm = async (
  username: string,
  text: string,
  preview: { id: string; inReplyToId: string | null },
) => {
  await t.post(username, text, { inReplyToId: preview.id });
  await t.drain();
  await t.settle();
  const answers = (await t.repliesTo(preview.inReplyToId!)).filter((r) => r.id !== preview.id);
  expect(answers).toHaveLength(1);
  return { reply: answers[0]! };
};
const periodsOf = (userId: string) =>
  t.deps.db.select().from(subscriptions).where(eq(subscriptions.xUserId, userId));
const upOf = async (address: string) =>
  (await t.deps.constellation.getBalance('UP', address)).balance;

let alice: { id: string };
let aliceAddress: string;

beforeAll(async () => {
  // Plans above 1,000 UP are previewed first (monthly premium is ~500 UP, yearly ~3,000 UP).
  // No price cache: each quote reads the market twin's price as the test just set it.
  t = await startAgentEnv({
    now: clock.now,
    env: {
      AGENT_CONFIRM_ABOVE_UP: '1000',
      MARKET_PRICE_CACHE_MS: '0',
      SUBSCRIPTION_QUOTE_TTL_SECONDS: String(QUOTE_TTL_SECONDS),
    },
  });
  await provisionSystemWallets(t.deps);
  alice = await t.user('alice');
  await t.user('bob');
  const { reply } = await ask('alice', "@UpsiderAgent what's my address");
  aliceAddress = /DAG\d[1-9A-HJ-NP-Za-km-z]{36}/.exec(reply.text)![0];
});
afterAll(() => t?.close());

describe('subscribing by posting to the agent', () => {
  it('without enough UP: a clear refusal, nothing bought, nothing moved', async () => {
    const { reply } = await ask('alice', '@UpsiderAgent subscribe premium monthly');
    expect(reply.text).toMatch(
      /^Not subscribed: Not enough UP: your wallet has 0.00 UP and this costs [\d,.]+ UP\. Nothing was charged\./,
    );
    expect(await periodsOf(alice.id)).toHaveLength(0);
  });

  it('pays the quoted UP amount exactly once and starts the plan from now', async () => {
    await t.fund(aliceAddress, 'UP', '10000');
    const before = await upOf(aliceAddress);
    const { reply } = await ask('alice', '@UpsiderAgent please subscribe to premium monthly');
    const [quote] = await t.deps.db
      .select()
      .from(subscriptionQuotes)
      .where(eq(subscriptionQuotes.state, 'paid'));
    expect(quote).toMatchObject({ tier: 'premium', durationMonths: 1 });
    expect(reply.text).toMatch(
      /^You're on Premium for 1 month until \w+ \d+, \d{4}\. Paid [\d,.]+ UP/,
    );
    expect(await upOf(aliceAddress)).toBe(before - quote!.priceUp);
    const [period] = await periodsOf(alice.id);
    expect(period).toMatchObject({ tier: 'premium', monthsPurchased: 1, quoteId: quote!.id });
  });

  it('a re-run of the same post finds the same quote and pays nothing more', async () => {
    const engine = await t.agent.engine();
    const command = { kind: 'subscribe', tier: 'pro', months: 2 } as const;
    const author = { xUserId: alice.id, username: 'alice' };
    const first = await executeSubscribe(engine, {
      author,
      command,
      key: 'rerun-1',
      confirmed: false,
    });
    const again = await executeSubscribe(engine, {
      author,
      command,
      key: 'rerun-1',
      confirmed: false,
    });
    expect(first.kind).toBe('subscribed');
    expect(again).toEqual(first);
    const quotes = await t.deps.db
      .select()
      .from(subscriptionQuotes)
      .where(eq(subscriptionQuotes.requestKey, 'post:rerun-1'));
    expect(quotes).toHaveLength(1);
    const paid = await t.deps.db
      .select()
      .from(transfers)
      .where(eq(transfers.idempotencyKey, `subscription:${quotes[0]!.id}`));
    expect(paid).toHaveLength(1);
  });

  it('above the confirm threshold it shows the price; "confirm" pays and extends the plan', async () => {
    const [latest] = (await periodsOf(alice.id)).sort((a, b) => +b.endDate - +a.endDate);
    const { post, reply } = await ask('alice', '@UpsiderAgent upgrade to premium for 12 months');
    expect(reply.text).toMatch(
      /^Premium for 12 months costs [\d,.]+ UP \(\$\d+\.\d\d at \$[\d.]+\/UP\)\. Reply "confirm" within \d+ minutes/,
    );
    expect(await periodsOf(alice.id)).toHaveLength(2);

    const confirmed = await confirm('alice', '@UpsiderAgent confirm', reply);
    expect(confirmed.reply.text).toMatch(/^You're on Premium for 12 months until/);
    const periods = await periodsOf(alice.id);
    expect(periods).toHaveLength(3);
    const yearly = periods.find((p) => p.monthsPurchased === 12)!;
    // It starts where the running plan ends, not now.
    expect(yearly.startDate.getTime()).toBe(latest!.endDate.getTime());
    expect(post.id).toBeTruthy();
  });

  it('questions, hedges and unclear plans buy nothing', async () => {
    for (const text of [
      '@UpsiderAgent should I buy premium?',
      "@UpsiderAgent don't subscribe me to premium",
      '@UpsiderAgent subscribe premium monthly for 3 months',
      '@UpsiderAgent subscribe',
      '@UpsiderAgent buy 10 UP',
    ]) {
      const { reply } = await ask('bob', text);
      expect(reply.text, text).not.toMatch(/You're on|costs/);
    }
    const { reply } = await ask('bob', '@UpsiderAgent subscribe premium for 24 months');
    expect(reply.text).toMatch(/^Not subscribed: plans last 1 to 12 months\./);
  });
});

describe('the price a preview shows is the price paid, or nothing is', () => {
  let dana: { id: string };
  let danaAddress: string;
  const setPrice = async (body: { usd: number; driftPercent?: number; staleSeconds?: number }) =>
    expect((await t.call('POST', '/sandbox/market/_admin/price', body)).status).toBe(200);
  /** "12,345.67 UP" in a reply, as base units. */
  const upIn = (text: string) => {
    const m = /([\d,]+\.\d+) UP/.exec(text)!;
    const [whole, frac] = m[1]!.replaceAll(',', '').split('.');
    return BigInt(whole!) * 100_000_000n + BigInt(frac!.padEnd(8, '0'));
  };
  const treasuryPayments = async () =>
    (await t.deps.db.select().from(transfers)).filter((r) =>
      r.idempotencyKey.startsWith('subscription:'),
    ).length;

  beforeAll(async () => {
    dana = await t.user('dana');
    const { reply } = await ask('dana', "@UpsiderAgent what's my address");
    danaAddress = /DAG\d[1-9A-HJ-NP-Za-km-z]{36}/.exec(reply.text)![0];
    await t.fund(danaAddress, 'UP', '20000');
  });

  it("'confirm' after the quote expired: a clear refusal, nothing moved", async () => {
    await setPrice({ usd: 0.05, driftPercent: 0 });
    const before = await upOf(danaAddress);
    const payments = await treasuryPayments();
    const { reply } = await ask('dana', '@UpsiderAgent subscribe premium for 12 months');
    expect(reply.text).toMatch(/^Premium for 12 months costs [\d,.]+ UP/);
    clock.advance((QUOTE_TTL_SECONDS + 1) * 1000);
    const late = await confirm('dana', '@UpsiderAgent confirm', reply);
    expect(late.reply.text).toMatch(
      /^Not subscribed: This price quote has expired\. Ask for a new one; nothing was charged\./,
    );
    expect(await periodsOf(dana.id)).toHaveLength(0);
    expect(await treasuryPayments()).toBe(payments);
    expect(await upOf(danaAddress)).toBe(before);
  });

  it('an absurd market price: refused with a clear reply, nothing quoted or granted', async () => {
    const quotes = (await t.deps.db.select().from(subscriptionQuotes)).length;
    const asks = [
      [1_000_000, '@UpsiderAgent subscribe premium monthly'],
      [1e-12, '@UpsiderAgent please subscribe to premium monthly'],
    ] as const;
    for (const [usd, text] of asks) {
      await setPrice({ usd, driftPercent: 0 });
      const { reply } = await ask('dana', text);
      expect(reply.text).toMatch(
        /^Not subscribed: The UP price from the market feed looks wrong right now, so nothing can be bought\. Try again later\./,
      );
    }
    expect((await t.deps.db.select().from(subscriptionQuotes)).length).toBe(quotes);
    expect(await periodsOf(dana.id)).toHaveLength(0);
    await setPrice({ usd: 0.05, driftPercent: 0 });
  });

  it('a stale market price: refused with the reason, nothing quoted or moved', async () => {
    await setPrice({ usd: 0.05, staleSeconds: 3600 });
    const before = await upOf(danaAddress);
    const payments = await treasuryPayments();
    const quotes = (await t.deps.db.select().from(subscriptionQuotes)).length;
    const { reply } = await ask('dana', '@UpsiderAgent subscribe pro monthly');
    expect(reply.text).toMatch(
      /^Not subscribed: The UP price is out of date \(last updated 60 minutes ago\), so nothing can be bought right now\. Try again in a few minutes\./,
    );
    expect((await t.deps.db.select().from(subscriptionQuotes)).length).toBe(quotes);
    expect(await periodsOf(dana.id)).toHaveLength(0);
    expect(await treasuryPayments()).toBe(payments);
    expect(await upOf(danaAddress)).toBe(before);
  });

  it("the price drifts between the preview and 'confirm': the preview's UP amount is charged", async () => {
    await setPrice({ usd: 0.05, driftPercent: 0 });
    const before = await upOf(danaAddress);
    const { reply } = await ask('dana', '@UpsiderAgent upgrade me to premium for 12 months');
    const previewed = upIn(reply.text);
    await setPrice({ usd: 0.1, driftPercent: 0 }); // UP doubles: a new quote would be half
    clock.advance(60_000);
    const fresh = await ask('bob', '@UpsiderAgent subscribe premium for 12 months');
    expect(upIn(fresh.reply.text) * 2n).toBeLessThanOrEqual(previewed + 1n);

    const confirmed = await confirm('dana', '@UpsiderAgent yes confirm', reply);
    expect(confirmed.reply.text).toMatch(/^You're on Premium for 12 months until/);
    expect(upIn(confirmed.reply.text)).toBe(previewed);
    const [period] = await periodsOf(dana.id);
    const [quote] = await t.deps.db
      .select()
      .from(subscriptionQuotes)
      .where(eq(subscriptionQuotes.id, period!.quoteId!));
    // The reply shows two decimals; the quote holds (and the wallet paid) the exact amount.
    expect(formatTokenAmount(quote!.priceUp)).toBe(formatTokenAmount(previewed));
    expect(quote).toMatchObject({ upUsd: 0.05 });
    expect(await upOf(danaAddress)).toBe(before - quote!.priceUp);
  });

  it('the web and the agent quote the same plan at the same price and show it alike', async () => {
    // A price that makes the UP amount a long fraction (the agent used to show all 8 decimals).
    await setPrice({ usd: 0.0437, driftPercent: 0 });
    const { reply } = await ask('dana', '@UpsiderAgent subscribe pro for 12 months');
    const session = await createSession(t.deps, { xUserId: dana.id });
    const res = await t.app.request('/api/subscriptions/quote', {
      method: 'POST',
      headers: {
        origin: ORIGIN,
        'content-type': 'application/json',
        cookie: `upsider_session=${session}`,
      },
      body: JSON.stringify({ tier: 'pro', durationMonths: 12 }),
    });
    expect(res.status).toBe(201);
    const web = (await res.json()) as { priceUpBaseUnits: string };
    // Dana's two quotes for this plan: the agent's (keyed by her post) and the web's.
    const quotes = (await t.deps.db.select().from(subscriptionQuotes)).filter(
      (q) => q.xUserId === dana.id && q.tier === 'pro' && q.durationMonths === 12,
    );
    expect(quotes.map((q) => q.requestKey !== null).sort()).toEqual([false, true]);
    expect(quotes.map((q) => q.priceUp.toString())).toEqual([
      web.priceUpBaseUnits,
      web.priceUpBaseUnits,
    ]);
    expect(BigInt(web.priceUpBaseUnits) % 1_000_000n).not.toBe(0n);
    const shown = formatTokenAmount(web.priceUpBaseUnits);
    expect(reply.text).toContain(`Pro for 12 months costs ${shown} UP ($`);
    await setPrice({ usd: 0.05, driftPercent: 0 });
  });
});
