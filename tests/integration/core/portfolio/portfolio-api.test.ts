import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getPortfolio, refreshBook, writeMissingAnalyses } from '@/core/portfolio/index.ts';
import { createLlmClient } from '@/integrations/llm/index.ts';
import { createPolymarketClient } from '@/integrations/polymarket/index.ts';
import { portfolioResponseSchema } from '@/shared/portfolio.ts';
import { createSubscription, daysBefore } from '../../../support/factories.ts';
import { CookieJar, request, signIn } from '../../../support/sign-in.ts';
import { createTestApp } from '../../../support/test-app.ts';

const BOT_KEY = 'bot-secret-key-1';
let t: Awaited<ReturnType<typeof createTestApp>>;
const SECRET_1 = 'PREMIUM-MARKER-ALPHA';
const SECRET_2 = 'PREMIUM-MARKER-BRAVO';
const FREE_MARKER = 'FIRST-POSITION-FULL-TEXT';

const polymarket = () => {
  const cfg = t.deps.config.polymarket;
  return createPolymarketClient({
    ...cfg,
    proxyWallet: cfg.proxyWallet!,
    fetch: async (url, init) => t.app.request(url, init),
    now: t.deps.now,
  });
};
const postAnalysis = (body: unknown, key: string | null = BOT_KEY, raw?: string) =>
  t.app.request('/api/polymarket/analyses', {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(key ? { authorization: `Bearer ${key}` } : {}),
    },
    body: raw ?? JSON.stringify(body),
  });
let assets: string[] = [];

beforeAll(async () => {
  t = await createTestApp(
    { POLYMARKET_ANALYSES_KEY_SHA256: createHash('sha256').update(BOT_KEY).digest('hex') },
    { sandbox: true },
  );
  const result = await refreshBook({ db: t.deps.db, now: t.deps.now, polymarket: polymarket() });
  expect(result.ok).toBe(true);
  assets = result.ok ? result.book.positions.map((p) => p.asset_id) : [];
  const long = (marker: string) =>
    `Opening thesis sentence. ${'Careful reasoning about the market. '.repeat(8)}${marker} hidden deep in the text.`;
  expect(
    (
      await postAnalysis({
        asset_id: assets[0],
        overall_reasoning: `${FREE_MARKER}. ${long('x')}`,
        evidence_bullish: 'free bull',
        ai_probability: 0.7,
        edge: 0.08,
      })
    ).status,
  ).toBe(201);
  expect(
    (
      await postAnalysis({
        asset_id: assets[1],
        overall_reasoning: long(SECRET_1),
        evidence_bearish: `Bear case ${SECRET_2}`,
        confidence: 'High',
      })
    ).status,
  ).toBe(201);
  expect(
    (await postAnalysis({ asset_id: assets[2], overall_reasoning: 'Short and whole.' })).status,
  ).toBe(201);
}, 120_000);
afterAll(() => t?.close());

describe('GET /api/polymarket/portfolio gating (raw JSON)', () => {
  it('gives a visitor the first analysis in full and only teasers elsewhere', async () => {
    const res = await t.app.request('/api/polymarket/portfolio');
    expect(res.status).toBe(200);
    const raw = await res.text();
    expect(raw).toContain(FREE_MARKER);
    expect(raw).not.toContain(SECRET_1);
    expect(raw).not.toContain(SECRET_2);
    expect(raw).not.toContain('High');
    const body = portfolioResponseSchema.parse(JSON.parse(raw));
    expect(body.fullAccess).toBe(false);
    expect(body.positions[0]!.ai_analysis).toMatchObject({
      evidence_bullish: 'free bull',
      ai_probability: 0.7,
    });
    expect(body.positions[1]!.ai_analysis).toEqual({
      locked: true,
      overall_reasoning: expect.stringMatching(/^Opening thesis sentence\./),
      truncated: true,
      has_more: true,
      // When and at which price it was written are not behind the paywall (issue 43 §5).
      written_at: expect.any(String),
      price_at_writing: expect.toSatisfy((v: unknown) => v === null || typeof v === 'number'),
    });
    expect(
      (body.positions[1]!.ai_analysis as { overall_reasoning: string }).overall_reasoning.length,
    ).toBeLessThanOrEqual(200);
    expect(body.positions[2]!.ai_analysis).toEqual({
      locked: true,
      overall_reasoning: 'Short and whole.',
      truncated: false,
      has_more: false,
      written_at: expect.any(String),
      price_at_writing: expect.toSatisfy((v: unknown) => v === null || typeof v === 'number'),
    });
    expect(body.summary.totalPositions).toBe(body.positions.length);
    expect(body.positions.every((p) => p.cost_basis >= 1)).toBe(true);
  });

  it('gives a signed-in non-subscriber the same, and a subscriber everything', async () => {
    const jar = new CookieJar();
    await signIn(t.app, jar, 'pf_reader');
    const signedIn = await (await request(t.app, jar, '/api/polymarket/portfolio')).text();
    expect(signedIn).not.toContain(SECRET_1);
    const me = (await (await request(t.app, jar, '/api/auth/me')).json()) as { twitterId: string };
    const now = t.deps.now();
    await createSubscription(t.deps, {
      xUserId: me.twitterId,
      start: daysBefore(now, 1),
      end: daysBefore(now, -30),
    });
    const full = await (await request(t.app, jar, '/api/polymarket/portfolio')).text();
    expect(full).toContain(SECRET_1);
    expect(full).toContain(SECRET_2);
    expect(JSON.parse(full).fullAccess).toBe(true);
  });
});

describe('POST /api/polymarket/analyses', () => {
  it('refuses a missing or wrong key', async () => {
    const body = { asset_id: assets[3], overall_reasoning: 'x' };
    expect((await postAnalysis(body, null)).status).toBe(401);
    const wrong = await postAnalysis(body, 'not-the-key');
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual({
      error: { code: 'invalid_key', message: expect.any(String) },
    });
  });

  it('refuses bad JSON, unknown fields, bad values and oversize fields with 4xx', async () => {
    const bad = await postAnalysis(null, BOT_KEY, '{"asset_id": ');
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { code: string } }).error.code).toBe('invalid_json');
    expect((await postAnalysis({ asset_id: assets[3], unknown: 1 })).status).toBe(400);
    expect((await postAnalysis({ asset_id: 'abc', overall_reasoning: 'x' })).status).toBe(400);
    expect((await postAnalysis({ asset_id: assets[3], ai_probability: 1.5 })).status).toBe(400);
    expect((await postAnalysis({ asset_id: assets[3], confidence: 'c'.repeat(201) })).status).toBe(
      400,
    );
    expect(
      (await postAnalysis({ asset_id: assets[3], overall_reasoning: 'r'.repeat(20_001) })).status,
    ).toBe(400);
    const huge = await postAnalysis({ asset_id: assets[3], overall_reasoning: 'r'.repeat(70_000) });
    expect(huge.status).toBe(413);
  });
});

describe('analyst job and a failing Polymarket', () => {
  it('writes grounded analyses for positions without one, never over the bot’s', async () => {
    const stored = await refreshBook({ db: t.deps.db, now: t.deps.now, polymarket: polymarket() });
    if (!stored.ok) throw new Error(stored.error);
    const llm = createLlmClient({
      ...t.deps.config.llm!,
      fetch: async (url, init) => t.app.request(url, init),
    });
    const logger = { warn: () => {} };
    const { written } = await writeMissingAnalyses(
      { db: t.deps.db, now: t.deps.now, llm, logger },
      { book: stored.book, batch: 2 },
    );
    expect(written).toBe(2);
    const all = await getPortfolio(
      { db: t.deps.db, configured: true, marketBaseUrl: '' },
      { fullAccess: true },
    );
    const analysed = all.positions.filter((p) => p.ai_analysis);
    expect(analysed.length).toBe(5);
    // Grounded: each analyst text names its own market and entry price, never the token id.
    const byAnalyst = all.positions.filter(
      (p) =>
        p.ai_analysis &&
        'overall_reasoning' in p.ai_analysis &&
        /local sandbox model/.test(p.ai_analysis.overall_reasoning ?? ''),
    );
    expect(byAnalyst).toHaveLength(2);
    for (const p of byAnalyst) {
      const text = JSON.stringify(p.ai_analysis);
      if (p.market_question) expect(text).toContain(p.market_question);
      expect(text).toContain(`${Number((p.avg_entry_price * 100).toFixed(1))}¢`);
      expect(text).not.toContain(p.asset_id);
    }
    expect(all.positions[1]!.ai_analysis).toMatchObject({ confidence: 'High' });
  });

  it('reasons only about open markets: settled and unpriced positions get no analyst text', async () => {
    const stored = await refreshBook({ db: t.deps.db, now: t.deps.now, polymarket: polymarket() });
    if (!stored.ok) throw new Error(stored.error);
    const llm = createLlmClient({
      ...t.deps.config.llm!,
      fetch: async (url, init) => t.app.request(url, init),
    });
    await writeMissingAnalyses(
      { db: t.deps.db, now: t.deps.now, llm, logger: { warn: () => {} } },
      { book: stored.book, batch: 50 },
    );
    const all = await getPortfolio(
      { db: t.deps.db, configured: true, marketBaseUrl: '' },
      { fullAccess: true },
    );
    const settledOrUnpriced = all.positions.filter(
      (p) => p.current_price === null || p.current_price === 0 || p.current_price === 1,
    );
    expect(settledOrUnpriced.length).toBeGreaterThan(0);
    for (const p of all.positions) {
      const open = p.current_price !== null && p.current_price > 0 && p.current_price < 1;
      if (open) expect(p.ai_analysis, p.market_question ?? p.asset_id).toBeTruthy();
    }
    const analystOnSettled = settledOrUnpriced.filter(
      (p) =>
        p.ai_analysis &&
        'overall_reasoning' in p.ai_analysis &&
        /local sandbox model/.test(p.ai_analysis.overall_reasoning ?? ''),
    );
    expect(analystOnSettled).toEqual([]);
  });

  it('keeps serving the last good book, marked stale, when Polymarket fails', async () => {
    const before = await getPortfolio(
      { db: t.deps.db, configured: true, marketBaseUrl: '' },
      { fullAccess: false },
    );
    const down = createPolymarketClient({
      ...t.deps.config.polymarket,
      proxyWallet: t.deps.config.polymarket.proxyWallet!,
      fetch: async () => new Response('{"error":"upstream down"}', { status: 503 }),
    });
    const failed = await refreshBook({ db: t.deps.db, now: t.deps.now, polymarket: down });
    expect(failed.ok).toBe(false);
    const after = await getPortfolio(
      { db: t.deps.db, configured: true, marketBaseUrl: '' },
      { fullAccess: false },
    );
    expect(after.stale).toBe(true);
    expect(after.positions).toEqual(before.positions);
    expect(after.updatedAt).toBe(before.updatedAt);
  });
});
