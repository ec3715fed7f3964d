import { describe, expect, it } from 'vitest';
import { createMarketSandbox } from './service.ts';

describe('local market-data twin', () => {
  const twin = createMarketSandbox({ now: () => new Date(), publicUrl: 'http://market.test' });

  it("answers unknown paths with CoinGecko's JSON 404, not a page", async () => {
    for (const path of ['/api/v3/coins/list', '/api/v3/simple/token_price/x', '/nope']) {
      const res = await twin.app.request(path);
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/json/);
      expect(await res.json()).toMatchObject({ error: expect.stringMatching(/Incorrect path/) });
    }
  });

  it('still serves the price', async () => {
    const res = await twin.app.request('/api/v3/simple/price?ids=upsider&vs_currencies=usd');
    expect(res.status).toBe(200);
    expect((await res.json()).upsider.usd).toBeGreaterThan(0);
  });
});
