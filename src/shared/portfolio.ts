import * as z from 'zod/mini';

// GET /api/polymarket/portfolio (portfolio, positions, ai_analysis, open orders), shared by
// the server that builds it and the page that reads it. Written with zod/mini: /polymarket reads
// its responses with these schemas only, and there zod/mini costs ~7 KB gzip against classic zod's
// ~25 KB, its first parse of a demo book ~35–60 ms against ~125–160 ms (Chromium, 4× CPU
// throttle). The bot's analysis input (server only) is in portfolio-analysis-input.ts.

/** Length of the free teaser of a locked analysis. */
export const TEASER_LENGTH = 200;

const text = z.optional(z.nullable(z.string()));
const maybeNumber = z.optional(z.nullable(z.number()));

/** When an analysis was last written (ISO) and at which market price (0..1, null: unknown). */
const writtenFields = {
  written_at: z.optional(z.string()),
  price_at_writing: maybeNumber,
};

export const aiAnalysisSchema = z.object({
  overall_reasoning: text,
  evidence_bullish: text,
  evidence_bearish: text,
  ai_probability: maybeNumber,
  edge: maybeNumber,
  confidence: text,
  risk_assessment: text,
  bet_size_reasoning: text,
  exit_reasoning: text,
  ...writtenFields,
});
export type AiAnalysis = z.infer<typeof aiAnalysisSchema>;

/** What a non-subscriber gets for positions after the first: the teaser, and whether more exists. */
export const lockedAnalysisSchema = z.object({
  locked: z.literal(true),
  overall_reasoning: z.string(),
  /** The full reasoning is longer than the teaser (the page fades it out). */
  truncated: z.boolean(),
  /** Other sections (evidence, estimate, risk, strategy) exist behind the paywall. */
  has_more: z.boolean(),
  ...writtenFields,
});
export type LockedAnalysis = z.infer<typeof lockedAnalysisSchema>;

export const positionSchema = z.object({
  asset_id: z.string(),
  market_slug: z.nullable(z.string()),
  market_question: z.nullable(z.string()),
  outcome: z.string(),
  balance: z.number(),
  avg_entry_price: z.number(),
  current_price: z.nullable(z.number()),
  current_value: z.number(),
  cost_basis: z.number(),
  unrealized_pnl: z.number(),
  pnl_percent: z.number(),
  trade_count: z.object({ buys: z.number(), sells: z.number() }),
  /** When the market resolves, as Polymarket gives it (absent when it does not say). */
  end_date: z.optional(z.string()),
  ai_analysis: z.optional(z.nullable(z.union([lockedAnalysisSchema, aiAnalysisSchema]))),
});
export type Position = z.infer<typeof positionSchema>;

export const openOrderSchema = z.object({
  id: z.string(),
  market_question: z.nullable(z.string()),
  outcome: z.string(),
  type: z.string(),
  side: z.enum(['BUY', 'SELL']),
  price: z.number(),
  original_size: z.number(),
  remaining: z.number(),
});
export type OpenOrderView = z.infer<typeof openOrderSchema>;

const zero = () => z._default(z.number(), 0);
export const summarySchema = z.object({
  totalPositions: zero(),
  totalInvested: zero(),
  currentValue: zero(),
  totalPnl: zero(),
  totalPnlPercent: zero(),
  openOrders: zero(),
});
export type PortfolioSummary = z.infer<typeof summarySchema>;

export const portfolioResponseSchema = z.object({
  positions: z._default(z.array(positionSchema), []),
  openOrders: z._default(z.array(openOrderSchema), []),
  summary: z.pipe(
    z._default(z.partial(summarySchema), {}),
    z.transform((s) => summarySchema.parse(s)),
  ),
  /** When the book was read from Polymarket (null: never yet). */
  updatedAt: z._default(z.nullable(z.string()), null),
  /** Polymarket failed since: the book shown is the last good one, from updatedAt. */
  stale: z._default(z.boolean(), false),
  /** Set when the server has no bot wallet configured. */
  notice: z._default(z.nullable(z.string()), null),
  /** Market pages on the exchange: this + market_slug. */
  marketBaseUrl: z._default(z.string(), 'https://polymarket.com/event/'),
  /** Whether this response carries every analysis in full (a subscriber's). */
  fullAccess: z._default(z.boolean(), false),
});
export type PortfolioResponse = z.infer<typeof portfolioResponseSchema>;

export const valueHistorySchema = z.object({
  points: z.array(
    z.object({ at: z.string(), currentValue: z.number(), totalInvested: z.number() }),
  ),
});
export type ValueHistory = z.infer<typeof valueHistorySchema>;

export type { AnalysisInput } from './portfolio-analysis-input.ts';
