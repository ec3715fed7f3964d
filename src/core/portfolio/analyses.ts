import { inArray, sql } from 'drizzle-orm';
import type { Db } from '@/db/client.ts';
import { portfolioAnalyses } from '@/db/schema/index.ts';
import type { AiAnalysis, AnalysisInput } from '@/shared/portfolio.ts';
import { readBook } from './book-store.ts';

type Row = typeof portfolioAnalyses.$inferSelect;

export function toAiAnalysis(r: Row): AiAnalysis {
  return {
    overall_reasoning: r.overallReasoning,
    evidence_bullish: r.evidenceBullish,
    evidence_bearish: r.evidenceBearish,
    ai_probability: r.aiProbability,
    edge: r.edge,
    confidence: r.confidence,
    risk_assessment: r.riskAssessment,
    bet_size_reasoning: r.betSizeReasoning,
    exit_reasoning: r.exitReasoning,
    written_at: r.updatedAt.toISOString(),
    price_at_writing: r.priceAtWriting,
  };
}

const columns = (a: Omit<AnalysisInput, 'asset_id'>) => ({
  overallReasoning: a.overall_reasoning ?? null,
  evidenceBullish: a.evidence_bullish ?? null,
  evidenceBearish: a.evidence_bearish ?? null,
  aiProbability: a.ai_probability ?? null,
  edge: a.edge ?? null,
  confidence: a.confidence ?? null,
  riskAssessment: a.risk_assessment ?? null,
  betSizeReasoning: a.bet_size_reasoning ?? null,
  exitReasoning: a.exit_reasoning ?? null,
});

/** The position's price in the stored book (what the page shows now), or null. */
async function bookPrice(db: Db, assetId: string): Promise<number | null> {
  const stored = await readBook(db);
  return stored?.book.positions.find((p) => p.asset_id === assetId)?.current_price ?? null;
}

/** The bot's analysis: replaces whatever the position had (the bot knows why it bet). */
export async function saveBotAnalysis(deps: { db: Db; now: () => Date }, input: AnalysisInput) {
  const now = deps.now();
  const values = {
    ...columns(input),
    source: 'bot' as const,
    model: null,
    priceAtWriting: await bookPrice(deps.db, input.asset_id),
    updatedAt: now,
  };
  const [row] = await deps.db
    .insert(portfolioAnalyses)
    .values({ assetId: input.asset_id, ...values, createdAt: now })
    .onConflictDoUpdate({ target: portfolioAnalyses.assetId, set: values })
    .returning();
  return row!;
}

/** The analyst job's analysis: only where none exists (never overwrites the bot's). */
export async function saveAnalystAnalysis(
  deps: { db: Db; now: () => Date },
  p: {
    assetId: string;
    analysis: Omit<AnalysisInput, 'asset_id'>;
    model: string;
    /** The price the analyst was given (the position's, from the book it read). */
    priceAtWriting: number | null;
  },
) {
  const now = deps.now();
  const rows = await deps.db
    .insert(portfolioAnalyses)
    .values({
      assetId: p.assetId,
      ...columns(p.analysis),
      source: 'analyst',
      model: p.model,
      priceAtWriting: p.priceAtWriting,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing()
    .returning({ assetId: portfolioAnalyses.assetId });
  return rows.length > 0;
}

export async function analysesFor(db: Db, assetIds: string[]) {
  if (assetIds.length === 0) return new Map<string, AiAnalysis>();
  const rows = await db
    .select()
    .from(portfolioAnalyses)
    .where(inArray(portfolioAnalyses.assetId, assetIds));
  return new Map(rows.map((r) => [r.assetId, toAiAnalysis(r)]));
}

export async function countAnalyses(db: Db) {
  const [r] = await db.select({ n: sql<number>`count(*)::int` }).from(portfolioAnalyses);
  return r?.n ?? 0;
}
