import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '@/core/auth/sessions.ts';
import { createQuote, getActiveTier, purchaseQuote } from '@/core/subscriptions/index.ts';
import { confirmTransfers } from '@/core/transfers/index.ts';
import { provisionSystemWallets } from '@/core/wallets/index.ts';
import { startConstellationSim } from '../../../support/constellation-sim.ts';
import { createUserWithWallet } from '../../../support/factories.ts';
import { startMarketTwin } from '../../../support/market-twin.ts';
import { ORIGIN } from '../../../support/sign-in.ts';
import { createTestApp } from '../../../support/test-app.ts';
import { walletTestEnv } from '../../../support/wallet-env.ts';

const UP = 100_000_000n;
let t: Awaited<ReturnType<typeof createTestApp>>;
let net: Awaited<ReturnType<typeof startConstellationSim>>;
let market: ReturnType<typeof startMarketTwin>;
let treasury: string;

const user = async (xUserId: string, username: string, up: bigint) =>
  (await createUserWithWallet(t.deps, { xUserId, username, fund: { UP: up } }, net.sim)).wallet;
const bal = (a: string) => net.client.getBalance('UP', a).then((b) => b.balance);

beforeAll(async () => {
  t = await createTestApp(walletTestEnv({ SUBSCRIPTION_PREMIUM_MONTHLY_USD: '25' }));
  net = await startConstellationSim(t.database);
  t.deps.constellation = net.client;
  market = startMarketTwin(t.deps);
  t.deps.market = market.client;
  t.clock.set(new Date('2026-05-10T12:00:00Z'));
  await market.setPrice({ usd: 0.05, driftPercent: 0 });
  treasury = (await provisionSystemWallets(t.deps)).treasury.dagAddress;
  await user('4001', 'buyer', 2000n * UP);
  await user('4002', 'poor', 100n * UP);
});
afterAll(async () => {
  await net.close();
  await t.close();
});

describe('subscription purchase (one service for web and agent)', () => {
  it('pays the quoted UP even after the price drifts, and is premium from now', async () => {
    const quote = await createQuote(t.deps, { userId: '4001', tier: 'premium', durationMonths: 1 });
    expect(quote.priceUp).toBe(500n * UP);
    await market.setPrice({ usd: 0.1, driftPercent: 0 }); // drift after the quote
    const r = await purchaseQuote(t.deps, { userId: '4001', quoteId: quote.id });
    expect(r).toMatchObject({ outcome: 'subscribed', tier: 'premium', monthsPurchased: 1 });
    if (r.outcome !== 'subscribed') throw new Error();
    expect(r.startDate.toISOString()).toBe('2026-05-10T12:00:00.000Z');
    expect(r.endDate.toISOString()).toBe('2026-06-10T12:00:00.000Z');
    expect(await getActiveTier(t.deps, { userId: '4001' })).toBe('premium');
    await net.sim.tick();
    await confirmTransfers(t.deps);
    expect(await bal(treasury)).toBe(500n * UP);
  });

  it('a replay pays nothing more; a second purchase extends from the end date', async () => {
    const before = await bal(treasury);
    const q2 = await createQuote(t.deps, { userId: '4001', tier: 'premium', durationMonths: 12 });
    expect(q2.priceUp).toBe(1500n * UP); // 150 USD at 0.10
    const first = await purchaseQuote(t.deps, { userId: '4001', quoteId: q2.id });
    const again = await purchaseQuote(t.deps, { userId: '4001', quoteId: q2.id });
    expect(again).toMatchObject({
      outcome: 'subscribed',
      transferId: (first as { transferId: string }).transferId,
    });
    if (first.outcome !== 'subscribed') throw new Error();
    expect(first.startDate.toISOString()).toBe('2026-06-10T12:00:00.000Z');
    expect(first.endDate.toISOString()).toBe('2027-06-10T12:00:00.000Z');
    await net.sim.tick();
    await confirmTransfers(t.deps);
    expect(await bal(treasury)).toBe(before + 1500n * UP);
  });

  it('refuses an expired quote, missing funds and a stale price, moving nothing', async () => {
    const before = await bal(treasury);
    const q = await createQuote(t.deps, { userId: '4002', tier: 'pro', durationMonths: 1 });
    t.clock.advance(301_000);
    expect(await purchaseQuote(t.deps, { userId: '4002', quoteId: q.id })).toMatchObject({
      outcome: 'refused',
      code: 'quote_expired',
    });
    const big = await createQuote(t.deps, { userId: '4002', tier: 'premium', durationMonths: 12 });
    expect(await purchaseQuote(t.deps, { userId: '4002', quoteId: big.id })).toMatchObject({
      outcome: 'refused',
      code: 'insufficient_funds',
    });
    await market.setPrice({ usd: 0.1, staleSeconds: 3600 });
    await expect(
      createQuote(t.deps, { userId: '4002', tier: 'pro', durationMonths: 1 }),
    ).rejects.toMatchObject({ code: 'price_stale' });
    await market.setPrice({ usd: 0.1, driftPercent: 0 });
    await net.sim.tick();
    await confirmTransfers(t.deps);
    expect(await bal(treasury)).toBe(before);
    expect(await getActiveTier(t.deps, { userId: '4002' })).toBe('free');
  });

  it('over HTTP: pricing, quote and purchase for the signed-in user; clear JSON errors', async () => {
    const pricing = await t.app.request('/api/subscription-pricing');
    expect(pricing.status).toBe(200);
    const body = (await pricing.json()) as { plans: unknown[]; upTokenPrice: number };
    expect(body.upTokenPrice).toBe(0.1);
    expect(body.plans).toContainEqual({
      tier: 'premium',
      durationMonths: 12,
      priceUSD: 150,
      priceUP: 1500,
      priceUpBaseUnits: '150000000000',
      pricePerMonth: 12.5,
    });
    const unsigned = await t.app.request('/api/subscriptions/quote', {
      method: 'POST',
      headers: { origin: ORIGIN, 'content-type': 'application/json' },
      body: JSON.stringify({ tier: 'pro', durationMonths: 1 }),
    });
    expect(unsigned.status).toBe(401);
    const session = await createSession(t.deps, { xUserId: '4002' });
    const post = (path: string, data: unknown) =>
      t.app.request(path, {
        method: 'POST',
        headers: {
          origin: ORIGIN,
          'content-type': 'application/json',
          cookie: `upsider_session=${session}`,
        },
        body: JSON.stringify(data),
      });
    expect(
      (await post('/api/subscriptions/quote', { tier: 'gold', durationMonths: 1 })).status,
    ).toBe(400);
    const quote = (await (
      await post('/api/subscriptions/quote', { tier: 'pro', durationMonths: 1 })
    ).json()) as {
      quoteId: string;
      priceUP: number;
    };
    expect(quote.priceUP).toBe(100);
    const bought = await post('/api/subscriptions/purchase', { quoteId: quote.quoteId });
    expect(bought.status).toBe(200);
    expect(await bought.json()).toMatchObject({ tier: 'pro', monthsPurchased: 1 });
    const broke = await post('/api/subscriptions/purchase', {
      quoteId: (
        await (
          await post('/api/subscriptions/quote', { tier: 'premium', durationMonths: 1 })
        ).json()
      ).quoteId,
    });
    expect(broke.status).toBe(422);
    expect(await broke.json()).toMatchObject({ error: { code: 'insufficient_funds' } });
  });

  it('an absurd market price ($1,000,000 or $1e-12 per UP) is refused: 503 price_unavailable, nothing quoted', async () => {
    const session = await createSession(t.deps, { xUserId: '4001' });
    const quoteOverHttp = () =>
      t.app.request('/api/subscriptions/quote', {
        method: 'POST',
        headers: {
          origin: ORIGIN,
          'content-type': 'application/json',
          cookie: `upsider_session=${session}`,
        },
        body: JSON.stringify({ tier: 'premium', durationMonths: 12 }),
      });
    for (const usd of [1_000_000, 1e-12, 5]) {
      await market.setPrice({ usd, driftPercent: 0 });
      await expect(
        createQuote(t.deps, { userId: '4001', tier: 'premium', durationMonths: 12 }),
      ).rejects.toMatchObject({ code: 'price_unavailable' });
      for (const res of [await quoteOverHttp(), await t.app.request('/api/subscription-pricing')]) {
        expect(res.status).toBe(503);
        expect(await res.json()).toEqual({
          error: {
            code: 'price_unavailable',
            message: expect.stringMatching(/^The UP price from the market feed looks wrong/),
          },
        });
      }
    }
    // A sane price again: quotes resume at it.
    await market.setPrice({ usd: 0.1, driftPercent: 0 });
    expect((await quoteOverHttp()).status).toBe(201);
  });
});
