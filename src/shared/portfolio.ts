import { z } from 'zod';

// GET /api/polymarket/portfolio (spec §3 Portfolio, Position, ai_analysis, Open order), shared by
// the server that builds it and the page that reads it.

/** Length of the free teaser of a locked analysis (spec §4, §9). */
export const TEASER_LENGTH = 200;

const text = z.string().nullable().optional();

export const aiAnalysisSchema = z.object({
  overall_reasoning: text,
  evidence_bullish: text,
  evidence_bearish: text,
  ai_probability: z.number().nullable().optional(),
  edge: z.number().nullable().optional(),
  confidence: text,
  risk_assessment: text,
  bet_size_reasoning: text,
  exit_reasoning: text,
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
});
export type LockedAnalysis = z.infer<typeof lockedAnalysisSchema>;

export const positionSchema = z.object({
  asset_id: z.string(),
  market_slug: z.string().nullable(),
  market_question: z.string().nullable(),
  outcome: z.string(),
  balance: z.number(),
  avg_entry_price: z.number(),
  current_price: z.number().nullable(),
  current_value: z.number(),
  cost_basis: z.number(),
  unrealized_pnl: z.number(),
  pnl_percent: z.number(),
  trade_count: z.object({ buys: z.number(), sells: z.number() }),
  /** When the market resolves, as Polymarket gives it (absent when it does not say). */
  end_date: z.string().optional(),
  ai_analysis: z.union([lockedAnalysisSchema, aiAnalysisSchema]).nullable().optional(),
});
export type Position = z.infer<typeof positionSchema>;

export const openOrderSchema = z.object({
  id: z.string(),
  market_question: z.string().nullable(),
  outcome: z.string(),
  type: z.string(),
  side: z.enum(['BUY', 'SELL']),
  price: z.number(),
  original_size: z.number(),
  remaining: z.number(),
});
export type OpenOrderView = z.infer<typeof openOrderSchema>;

export const summarySchema = z.object({
  totalPositions: z.number().default(0),
  totalInvested: z.number().default(0),
  currentValue: z.number().default(0),
  totalPnl: z.number().default(0),
  totalPnlPercent: z.number().default(0),
  openOrders: z.number().default(0),
});
export type PortfolioSummary = z.infer<typeof summarySchema>;

export const portfolioResponseSchema = z.object({
  positions: z.array(positionSchema).default([]),
  openOrders: z.array(openOrderSchema).default([]),
  summary: summarySchema
    .partial()
    .default({})
    .transform((s) => summarySchema.parse(s)),
  /** When the book was read from Polymarket (null: never yet). */
  updatedAt: z.string().nullable().default(null),
  /** Polymarket failed since: the book shown is the last good one, from updatedAt. */
  stale: z.boolean().default(false),
  /** Set when the server has no bot wallet configured. */
  notice: z.string().nullable().default(null),
  /** Market pages on the exchange: this + market_slug. */
  marketBaseUrl: z.string().default('https://polymarket.com/event/'),
  /** Whether this response carries every analysis in full (a subscriber's). */
  fullAccess: z.boolean().default(false),
});
export type PortfolioResponse = z.infer<typeof portfolioResponseSchema>;

export const valueHistorySchema = z.object({
  points: z.array(
    z.object({ at: z.string(), currentValue: z.number(), totalInvested: z.number() }),
  ),
});
export type ValueHistory = z.infer<typeof valueHistorySchema>;

/** Analysis body the bot posts to POST /api/polymarket/analyses (markdown fields size-limited). */
const md = (max: number) => z.string().trim().min(1).max(max).nullable().optional();
export const analysisInputSchema = z.strictObject({
  asset_id: z.string().regex(/^\d{1,100}$/, 'must be an outcome token id (decimal digits)'),
  overall_reasoning: md(20_000),
  evidence_bullish: md(10_000),
  evidence_bearish: md(10_000),
  ai_probability: z.number().min(0).max(1).nullable().optional(),
  edge: z.number().min(-1).max(1).nullable().optional(),
  confidence: md(200),
  risk_assessment: md(2_000),
  bet_size_reasoning: md(5_000),
  exit_reasoning: md(5_000),
});
export type AnalysisInput = z.infer<typeof analysisInputSchema>;
