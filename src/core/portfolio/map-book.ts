import {
  type DataPosition,
  type DataTrade,
  type GammaMarket,
  type OpenOrder,
  outcomeIds,
} from '@/integrations/polymarket/index.ts';
import type { OpenOrderView, PortfolioSummary, Position } from '@/shared/portfolio.ts';

/** Positions below this cost basis (dollars) are left out. */
export const MIN_COST_BASIS = 1;

export interface RawBook {
  positions: DataPosition[];
  trades: DataTrade[];
  orders: OpenOrder[];
  markets: GammaMarket[];
}

/** The book as the page reads it, without analyses (they are attached per request variant). */
export interface Book {
  positions: Omit<Position, 'ai_analysis'>[];
  openOrders: OpenOrderView[];
  summary: PortfolioSummary;
}

const round = (n: number, digits = 6) => Math.round(n * 10 ** digits) / 10 ** digits;
const nonEmpty = (s: string | null | undefined) => (s?.trim() ? s.trim() : null);

function gammaPrice(market: GammaMarket | undefined, asset: string): number | null {
  if (!market) return null;
  try {
    const ids = outcomeIds(market);
    const prices = JSON.parse(market.outcomePrices ?? '[]') as string[];
    const p = Number(prices[ids.indexOf(asset)]);
    return ids.includes(asset) && Number.isFinite(p) ? p : null;
  } catch {
    return null;
  }
}

/**
 * Maps Polymarket's answers to the spec's fields: cost basis = shares × average entry, value at
 * the current price (the Data API's, else Gamma's; none: the Data API's value), P&L against the
 * cost basis; keeps positions with cost basis ≥ $1.00, largest value first; sums the summary.
 */
export function mapBook(raw: RawBook): Book {
  const markets = new Map(raw.markets.map((m) => [m.conditionId, m]));
  const counts = new Map<string, { buys: number; sells: number }>();
  for (const t of raw.trades) {
    const c = counts.get(t.asset) ?? { buys: 0, sells: 0 };
    if (t.side === 'BUY') c.buys++;
    else c.sells++;
    counts.set(t.asset, c);
  }
  const positions = raw.positions
    .map((p) => {
      const market = markets.get(p.conditionId);
      const price = p.curPrice ?? gammaPrice(market, p.asset);
      const costBasis = p.size * p.avgPrice;
      const value = price !== null ? p.size * price : p.currentValue;
      const pnl = value - costBasis;
      const endDate = nonEmpty(p.endDate);
      return {
        asset_id: p.asset,
        market_slug: nonEmpty(market?.slug) ?? nonEmpty(p.slug),
        market_question: nonEmpty(market?.question) ?? nonEmpty(p.title),
        outcome: /^no$/i.test(p.outcome) ? 'No' : /^yes$/i.test(p.outcome) ? 'Yes' : p.outcome,
        balance: round(p.size),
        avg_entry_price: round(p.avgPrice),
        current_price: price === null ? null : round(price),
        current_value: round(value),
        cost_basis: round(costBasis),
        unrealized_pnl: round(pnl),
        pnl_percent: costBasis > 0 ? round((pnl / costBasis) * 100, 4) : 0,
        trade_count: counts.get(p.asset) ?? { buys: 0, sells: 0 },
        // The analyst reasons about time to resolution from it.
        ...(endDate && { end_date: endDate }),
      };
    })
    .filter((p) => p.cost_basis >= MIN_COST_BASIS)
    .sort((a, b) => b.current_value - a.current_value || a.asset_id.localeCompare(b.asset_id));

  const questionOf = (conditionId: string) =>
    nonEmpty(markets.get(conditionId)?.question) ??
    nonEmpty(raw.positions.find((p) => p.conditionId === conditionId)?.title);
  const openOrders = raw.orders.map((o) => ({
    id: o.id,
    market_question: questionOf(o.market),
    outcome: o.outcome,
    type: o.order_type,
    side: o.side,
    price: Number(o.price),
    original_size: Number(o.original_size),
    remaining: round(Number(o.original_size) - Number(o.size_matched)),
  }));

  const totalInvested = positions.reduce((s, p) => s + p.cost_basis, 0);
  const currentValue = positions.reduce((s, p) => s + p.current_value, 0);
  const totalPnl = currentValue - totalInvested;
  return {
    positions,
    openOrders,
    summary: {
      totalPositions: positions.length,
      totalInvested: round(totalInvested),
      currentValue: round(currentValue),
      totalPnl: round(totalPnl),
      totalPnlPercent: totalInvested > 0 ? round((totalPnl / totalInvested) * 100, 4) : 0,
      openOrders: openOrders.length,
    },
  };
}
