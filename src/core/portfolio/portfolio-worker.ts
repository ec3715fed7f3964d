import type { Db } from '@/db/client.ts';
import type { LlmClient } from '@/integrations/llm/index.ts';
import type { PolymarketClient } from '@/integrations/polymarket/index.ts';
import { startLoop } from '@/shared/loop.ts';
import { refreshBook } from './refresh-book.ts';
import { writeMissingAnalyses } from './write-missing-analyses.ts';

export interface PortfolioWorkerDeps {
  db: Db;
  now: () => Date;
  logger: { warn: (o: object, m: string) => void };
  polymarket: PolymarketClient;
  llm: LlmClient | null;
  intervalMs: number;
  analystBatch: number;
  /** Called after each refresh, e.g. to recompute the cached responses. */
  onChange?: () => void;
}

/**
 * Background refresh of the book `intervalMs` after the last one ended (one refresh costs ~5
 * requests, far inside Polymarket's limits of 150+/10 s per endpoint), then the analyst job for
 * positions without an analysis. One round at a time.
 */
export function startPortfolioWorker(deps: PortfolioWorkerDeps) {
  const round = async () => {
    const result = await refreshBook(deps);
    if (!result.ok)
      deps.logger.warn(
        { error: result.error },
        'portfolio: Polymarket refresh failed; serving the last good book',
      );
    deps.onChange?.();
    if (result.ok && deps.llm && deps.analystBatch > 0) {
      const { written } = await writeMissingAnalyses(
        { ...deps, llm: deps.llm },
        { book: result.book, batch: deps.analystBatch },
      );
      if (written > 0) deps.onChange?.();
    }
  };
  const loop = startLoop({
    pass: round,
    intervalMs: deps.intervalMs,
    onError: (err) => deps.logger.warn({ err }, 'portfolio: round failed'),
    unref: true,
  });
  /** `tick` runs a round now (or joins the running one). */
  return { tick: loop.runNow, stop: loop.stop };
}
