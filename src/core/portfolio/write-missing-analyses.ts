import type { Db } from '@/db/client.ts';
import { type LlmClient, LlmRateLimitError } from '@/integrations/llm/index.ts';
import { analysisInputSchema } from '@/shared/portfolio-analysis-input.ts';
import { analysesFor, saveAnalystAnalysis } from './analyses.ts';
import type { Book } from './map-book.ts';

/** What the model must answer: the analysis fields (the same limits the bot's ingestion has). */
const answerSchema = analysisInputSchema.omit({ asset_id: true });

const SYSTEM = [
  'You are the analyst of a prediction-market trading bot. For the position given as JSON,',
  'explain in markdown why the bot holds it, the evidence for and against, an estimated',
  'probability (0 to 1) of the held outcome, the edge over the market price (probability minus',
  'price), confidence, risks, why the size and when to exit. Use only the data given.',
].join(' ');

/**
 * Whether the analyst may reason about a position: its market is still trading. A price of 0 or 1
 * is a settled market (probability and edge mean nothing there, and reasoning written after the
 * fact would read as if it had guided the bet); no price means there is nothing to reason from.
 * The bot's own analyses (POST /api/polymarket/analyses) may cover any position. Decision 0016.
 */
export const analystMayWrite = (p: { current_price: number | null }) =>
  p.current_price !== null && p.current_price > 0 && p.current_price < 1;

/**
 * The analyst job: writes an analysis, through the LLM, for up to `batch` open-market positions
 * that have none. A rate limit ends the round (the next refresh tries again); other failures skip
 * one position.
 */
export async function writeMissingAnalyses(
  deps: {
    db: Db;
    now: () => Date;
    llm: LlmClient;
    logger: { warn: (o: object, m: string) => void };
  },
  p: { book: Book; batch: number },
) {
  const existing = await analysesFor(
    deps.db,
    p.book.positions.map((x) => x.asset_id),
  );
  const missing = p.book.positions
    .filter((x) => analystMayWrite(x) && !existing.has(x.asset_id))
    .slice(0, p.batch);
  let written = 0;
  for (const position of missing) {
    try {
      const { value, model } = await deps.llm.completeJson({
        schema: answerSchema,
        schemaName: 'position_analysis',
        messages: [
          { role: 'system', content: SYSTEM },
          { role: 'user', content: JSON.stringify(position) },
        ],
      });
      if (
        await saveAnalystAnalysis(deps, {
          assetId: position.asset_id,
          analysis: value,
          model,
          priceAtWriting: position.current_price,
        })
      )
        written++;
    } catch (err) {
      deps.logger.warn(
        { err, assetId: position.asset_id },
        'portfolio analyst: no analysis written',
      );
      if (err instanceof LlmRateLimitError) break;
    }
  }
  return { written };
}
