import { z } from 'zod';

// POST /api/polymarket/analyses: server only (the page never reads it), so in classic zod; the
// portfolio's response contract, which the page reads, is in portfolio.ts (zod/mini).

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
