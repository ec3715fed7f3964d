import { asc } from 'drizzle-orm';
import type { Db } from '@/db/client.ts';
import { polymarketTrades } from '../db/schema/index.ts';
import { outcomePriceAt } from './prices.ts';
import {
  conditionId,
  findToken,
  orderId,
  SEED_ORDERS,
  SEED_TRADES,
  type SeedMarket,
  seedMarket,
  tokenId,
} from './seed.ts';

export interface BookTrade {
  market: SeedMarket;
  outcome: 'Yes' | 'No';
  side: 'BUY' | 'SELL';
  size: number;
  price: number;
  at: Date;
}

/** Seed trades plus those added by the admin route, oldest first. */
export async function loadTrades(db: Db, startedAt: Date): Promise<BookTrade[]> {
  const seeded = SEED_TRADES.map((t) => ({
    market: seedMarket(t.market),
    outcome: t.outcome,
    side: t.side,
    size: t.size,
    price: t.price,
    at: new Date(startedAt.getTime() - t.hoursAgo * 3_600_000),
  }));
  const added = await db.select().from(polymarketTrades).orderBy(asc(polymarketTrades.id));
  const extra = added.flatMap((row) => {
    const found = findToken(row.asset);
    if (!found) return [];
    const { side, size, price, createdAt } = row;
    return [{ ...found, side, size, price, at: createdAt }];
  });
  return [...seeded, ...extra].sort((a, b) => a.at.getTime() - b.at.getTime());
}

const round = (n: number, d = 6) => Math.round(n * 10 ** d) / 10 ** d;

/** Data API positions: size held, average buy price, value at the price of the minute. */
export function positionsFrom(trades: BookTrade[], proxyWallet: string, at: Date) {
  const byAsset = new Map<string, BookTrade[]>();
  for (const t of trades) {
    const asset = tokenId(t.market.key, t.outcome);
    byAsset.set(asset, [...(byAsset.get(asset) ?? []), t]);
  }
  return [...byAsset.entries()].flatMap(([asset, list]) => {
    const { market, outcome } = list[0]!;
    const bought = list.filter((t) => t.side === 'BUY');
    const boughtSize = bought.reduce((s, t) => s + t.size, 0);
    const avgPrice = boughtSize ? bought.reduce((s, t) => s + t.size * t.price, 0) / boughtSize : 0;
    const size = list.reduce((s, t) => s + (t.side === 'BUY' ? t.size : -t.size), 0);
    if (size <= 0) return [];
    // Realized P&L: what sells brought in over the average buy price of the shares sold.
    const sold = list.filter((t) => t.side === 'SELL');
    const soldCost = sold.reduce((s, t) => s + t.size * avgPrice, 0);
    const realized = sold.reduce((s, t) => s + t.size * t.price, 0) - soldCost;
    const curPrice = market.noPrice ? null : outcomePriceAt(market, outcome, at);
    const initialValue = size * avgPrice;
    const currentValue = size * (curPrice ?? 0);
    const other = outcome === 'Yes' ? 'No' : 'Yes';
    return [
      {
        proxyWallet,
        asset,
        conditionId: conditionId(market.key),
        size: round(size),
        avgPrice: round(avgPrice),
        initialValue: round(initialValue),
        currentValue: round(currentValue),
        cashPnl: round(currentValue - initialValue),
        percentPnl: initialValue ? round(((currentValue - initialValue) / initialValue) * 100) : 0,
        totalBought: round(boughtSize),
        realizedPnl: round(realized),
        percentRealizedPnl: soldCost ? round((realized / soldCost) * 100) : 0,
        curPrice,
        redeemable: Boolean(market.resolved),
        mergeable: false,
        title: market.unknown ? '' : market.question,
        slug: market.slug ?? '',
        icon: '',
        eventSlug: market.slug ?? '',
        outcome,
        outcomeIndex: outcome === 'Yes' ? 0 : 1,
        oppositeOutcome: other,
        oppositeAsset: tokenId(market.key, other),
        endDate: '2026-12-31',
        negativeRisk: false,
      },
    ];
  });
}

/** Data API trades, newest first. */
export function tradesFrom(trades: BookTrade[], proxyWallet: string) {
  return [...trades].reverse().map((t) => ({
    proxyWallet,
    side: t.side,
    asset: tokenId(t.market.key, t.outcome),
    conditionId: conditionId(t.market.key),
    size: t.size,
    price: t.price,
    timestamp: Math.floor(t.at.getTime() / 1000),
    title: t.market.unknown ? '' : t.market.question,
    slug: t.market.slug ?? '',
    outcome: t.outcome,
    outcomeIndex: t.outcome === 'Yes' ? 0 : 1,
  }));
}

/** CLOB open orders of the bot's API key. */
export function openOrders(owner: string, maker: string, startedAt: Date) {
  return SEED_ORDERS.map((o, i) => ({
    id: orderId(i),
    status: 'LIVE',
    owner,
    maker_address: maker,
    market: conditionId(o.market),
    asset_id: tokenId(o.market, o.outcome),
    side: o.side,
    original_size: String(o.originalSize),
    size_matched: String(o.matched),
    price: String(o.price),
    associate_trades: [],
    outcome: o.outcome,
    created_at: Math.floor(startedAt.getTime() / 1000) - (i + 1) * 3600,
    expiration:
      o.type === 'GTD' ? String(Math.floor(startedAt.getTime() / 1000) + 86_400 * 7) : '0',
    order_type: o.type,
  }));
}
