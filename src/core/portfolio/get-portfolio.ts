import type { Db } from '@/db/client.ts';
import type { PortfolioResponse } from '@/shared/portfolio.ts';
import { analysesFor } from './analyses.ts';
import { readBook } from './book-store.ts';
import { gateAnalyses } from './gate-analyses.ts';

export const NO_WALLET_NOTICE =
  'No prediction-market wallet is configured on this server (POLYMARKET_PROXY_WALLET).';

/**
 * The portfolio response for a subscriber (`fullAccess`) or anyone else: the stored book with
 * each position's analysis, gated on the server.
 */
export async function getPortfolio(
  deps: { db: Db; configured: boolean; marketBaseUrl: string },
  p: { fullAccess: boolean },
): Promise<PortfolioResponse> {
  const stored = await readBook(deps.db);
  const empty = {
    totalPositions: 0,
    totalInvested: 0,
    currentValue: 0,
    totalPnl: 0,
    totalPnlPercent: 0,
    openOrders: 0,
  };
  if (!stored) {
    return {
      positions: [],
      openOrders: [],
      summary: empty,
      updatedAt: null,
      stale: false,
      notice: deps.configured ? null : NO_WALLET_NOTICE,
      marketBaseUrl: deps.marketBaseUrl,
      fullAccess: p.fullAccess,
    };
  }
  const analyses = await analysesFor(
    deps.db,
    stored.book.positions.map((x) => x.asset_id),
  );
  const positions = stored.book.positions.map((x) => ({
    ...x,
    ai_analysis: analyses.get(x.asset_id) ?? null,
  }));
  return {
    positions: gateAnalyses(positions, p.fullAccess),
    openOrders: stored.book.openOrders,
    summary: { ...empty, ...stored.book.summary },
    updatedAt: stored.fetchedAt.toISOString(),
    stale: stored.failing,
    notice: deps.configured ? null : NO_WALLET_NOTICE,
    marketBaseUrl: deps.marketBaseUrl,
    fullAccess: p.fullAccess,
  };
}
