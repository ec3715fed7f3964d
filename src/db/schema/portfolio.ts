import { doublePrecision, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';

/**
 * The AI's reasoning for one position (by outcome token id). Written by the bot through
 * POST /api/polymarket/analyses (`source = 'bot'`, replaces) or by the analyst job for a position
 * that has none (`source = 'analyst'`, never overwrites). Text fields are markdown.
 */
export const portfolioAnalyses = pgTable('portfolio_analyses', {
  assetId: text('asset_id').primaryKey(),
  overallReasoning: text('overall_reasoning'),
  evidenceBullish: text('evidence_bullish'),
  evidenceBearish: text('evidence_bearish'),
  aiProbability: doublePrecision('ai_probability'),
  edge: doublePrecision('edge'),
  confidence: text('confidence'),
  riskAssessment: text('risk_assessment'),
  betSizeReasoning: text('bet_size_reasoning'),
  exitReasoning: text('exit_reasoning'),
  source: text('source', { enum: ['bot', 'analyst'] }).notNull(),
  model: text('model'),
  /**
   * The position's market price (0..1) when the analysis was written, from the book then stored:
   * the page shows it beside the live one, so figures reasoned at another price never seem to
   * contradict the row (issue 43 §5). Null when the book had no price (or rows older than it).
   */
  priceAtWriting: doublePrecision('price_at_writing'),
  createdAt: timestamptz('created_at').notNull(),
  updatedAt: timestamptz('updated_at').notNull(),
});

/**
 * The last good book read from Polymarket (one row), shared by every API process, and the last
 * failure since then: when Polymarket is down the page serves this book with its age.
 */
export const portfolioBook = pgTable('portfolio_book', {
  id: integer('id').primaryKey(),
  book: jsonb('book').notNull(),
  fetchedAt: timestamptz('fetched_at').notNull(),
  lastError: text('last_error'),
  lastErrorAt: timestamptz('last_error_at'),
});

/** Portfolio value after each refresh, for the history chart. */
export const portfolioValuePoints = pgTable('portfolio_value_points', {
  at: timestamptz('at').primaryKey(),
  currentValue: doublePrecision('current_value').notNull(),
  totalInvested: doublePrecision('total_invested').notNull(),
});
