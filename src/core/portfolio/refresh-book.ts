import type { Db } from '@/db/client.ts';
import type { PolymarketClient } from '@/integrations/polymarket/index.ts';
import { recordBookFailure, storeBook } from './book-store.ts';
import { mapBook } from './map-book.ts';

/**
 * Reads the bot's book from Polymarket (positions, trades, open orders, then Gamma for the
 * markets they name) and stores it with a value point. On failure the last good book stays and
 * the failure is recorded, so the page can say the book is from before.
 */
export async function refreshBook(deps: { db: Db; now: () => Date; polymarket: PolymarketClient }) {
  try {
    const [positions, trades, orders] = await Promise.all([
      deps.polymarket.positions(),
      deps.polymarket.trades(),
      deps.polymarket.openOrders(),
    ]);
    const markets = await deps.polymarket.marketsByConditionIds([
      ...positions.map((p) => p.conditionId),
      ...orders.map((o) => o.market),
    ]);
    const book = mapBook({ positions, trades, orders, markets });
    await storeBook(deps.db, book, deps.now());
    return { ok: true as const, book };
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    await recordBookFailure(deps.db, message, deps.now());
    return { ok: false as const, error: message };
  }
}
