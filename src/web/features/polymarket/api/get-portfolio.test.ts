import { afterEach, describe, expect, it, vi } from 'vitest';
import { portfolioResponseSchema, valueHistorySchema } from '@/shared/portfolio';
import { getJson } from '@/web/lib/api-client';

/** The page never trusts a body of another shape: the contract (zod/mini) rejects it. */
describe('reading the portfolio with its contract', () => {
  afterEach(() => vi.unstubAllGlobals());
  const answer = (body: unknown) =>
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json(body)),
    );

  it('fills the defaults of a minimal book', async () => {
    answer({ summary: { totalInvested: 10 } });
    const book = await getJson('/api/polymarket/portfolio', portfolioResponseSchema);
    expect(book).toMatchObject({
      positions: [],
      openOrders: [],
      stale: false,
      notice: null,
      fullAccess: false,
      summary: { totalInvested: 10, currentValue: 0, openOrders: 0 },
    });
  });

  it('rejects a malformed book (so the page shows its error state)', async () => {
    answer({ positions: [{ asset_id: 1, outcome: 'Yes' }] });
    await expect(getJson('/api/polymarket/portfolio', portfolioResponseSchema)).rejects.toThrow();
    answer({ summary: { totalPnl: 'a lot' } });
    await expect(getJson('/api/polymarket/portfolio', portfolioResponseSchema)).rejects.toThrow();
    answer({ points: [{ at: '2026-11-27T00:00:00Z', currentValue: '1' }] });
    await expect(getJson('/api/polymarket/value-history', valueHistorySchema)).rejects.toThrow();
  });
});
