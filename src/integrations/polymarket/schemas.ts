import { z } from 'zod';

// Response shapes of the three Polymarket APIs (integrations.md §5). Only the fields the product
// reads are required; everything else passes through untouched.

const num = z.coerce.number();

/** Data API `GET /positions` item. */
export const dataPositionSchema = z.looseObject({
  proxyWallet: z.string(),
  asset: z.string(),
  conditionId: z.string(),
  size: num,
  avgPrice: num,
  initialValue: num,
  currentValue: num,
  cashPnl: num.optional(),
  percentPnl: num.optional(),
  realizedPnl: num.optional(),
  percentRealizedPnl: num.optional(),
  curPrice: num.nullish(),
  redeemable: z.boolean().optional(),
  title: z.string().nullish(),
  slug: z.string().nullish(),
  outcome: z.string(),
  outcomeIndex: z.number().optional(),
  endDate: z.string().nullish(),
});
export type DataPosition = z.infer<typeof dataPositionSchema>;

/** Data API `GET /trades` item. */
export const dataTradeSchema = z.looseObject({
  proxyWallet: z.string(),
  side: z.enum(['BUY', 'SELL']),
  asset: z.string(),
  conditionId: z.string(),
  size: num,
  price: num,
  timestamp: z.number(),
  title: z.string().nullish(),
  slug: z.string().nullish(),
  outcome: z.string().nullish(),
});
export type DataTrade = z.infer<typeof dataTradeSchema>;

/** CLOB `GET /data/orders` open order (numbers are strings on the wire). */
export const openOrderSchema = z.looseObject({
  id: z.string(),
  status: z.string(),
  market: z.string(),
  asset_id: z.string(),
  side: z.enum(['BUY', 'SELL']),
  original_size: z.string(),
  size_matched: z.string(),
  price: z.string(),
  outcome: z.string(),
  created_at: z.number(),
  order_type: z.string(),
});
export type OpenOrder = z.infer<typeof openOrderSchema>;

export const openOrdersPageSchema = z.looseObject({
  data: z.array(openOrderSchema),
  next_cursor: z.string(),
});

/** Gamma `GET /markets` item; outcomes, prices and token ids are JSON-encoded strings. */
export const gammaMarketSchema = z.looseObject({
  id: z.string(),
  question: z.string().nullish(),
  slug: z.string().nullish(),
  conditionId: z.string(),
  outcomes: z.string().nullish(),
  outcomePrices: z.string().nullish(),
  clobTokenIds: z.string().nullish(),
  /** "v1" (CTF, `clobTokenIds`) or "v2" (Protocol V2, `positionIds`); absent on older markets. */
  version: z.string().nullish(),
  positionIds: z.array(z.string()).nullish(),
  active: z.boolean().optional(),
  closed: z.boolean().optional(),
});
export type GammaMarket = z.infer<typeof gammaMarketSchema>;

export const apiErrorSchema = z.looseObject({ error: z.string() });
