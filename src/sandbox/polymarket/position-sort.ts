import { z } from 'zod';
import type { positionsFrom } from './book.ts';

type Position = ReturnType<typeof positionsFrom>[number];

/**
 * Data API `GET /positions` ordering: `sortBy` (default TOKENS) and `sortDirection` (default
 * DESC), as docs.polymarket.com api-spec/data-openapi.yaml lists them (integrations.md §5.1).
 */
export const positionSort = z.object({
  sortBy: z
    .enum([
      'CURRENT',
      'INITIAL',
      'TOKENS',
      'CASHPNL',
      'PERCENTPNL',
      'TITLE',
      'RESOLVING',
      'PRICE',
      'AVGPRICE',
    ])
    .default('TOKENS'),
  sortDirection: z.enum(['ASC', 'DESC']).default('DESC'),
});

const keyOf: Record<z.infer<typeof positionSort>['sortBy'], (p: Position) => number | string> = {
  CURRENT: (p) => p.currentValue,
  INITIAL: (p) => p.initialValue,
  TOKENS: (p) => p.size,
  CASHPNL: (p) => p.cashPnl,
  PERCENTPNL: (p) => p.percentPnl,
  TITLE: (p) => p.title,
  RESOLVING: (p) => p.endDate,
  PRICE: (p) => p.curPrice ?? 0,
  AVGPRICE: (p) => p.avgPrice,
};

export function sortPositions(list: Position[], sort: z.infer<typeof positionSort>): Position[] {
  const key = keyOf[sort.sortBy];
  const sign = sort.sortDirection === 'ASC' ? 1 : -1;
  return [...list].sort((a, b) => {
    const x = key(a);
    const y = key(b);
    const order = typeof x === 'string' ? x.localeCompare(String(y)) : x - Number(y);
    return sign * order || a.asset.localeCompare(b.asset);
  });
}

/** `market`: comma-separated condition ids; absent, every market. */
export const inMarkets = (conditionId: string, market: string | undefined) =>
  !market || market.split(',').includes(conditionId);
