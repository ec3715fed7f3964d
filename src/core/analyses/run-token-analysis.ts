import type { LlmClient } from '@/integrations/llm/index.ts';
import { type AnalysisFigures, analysisFiguresSchema } from '@/shared/analyses/contract.ts';
import type { Token } from '@/shared/tokens.ts';
import { type AllowanceDeps, chargeFor } from '../allowances/index.ts';
import { type FigureDeps, gatherFigures } from './gather-figures.ts';
import { findAnalysisByPost, saveWrittenAnalysis, settleAnalysis } from './records.ts';
import { analysisUse, releaseAnalysis } from './reserve-analysis.ts';
import { writeAnalysis } from './write-analysis.ts';

export interface AnalysisDeps extends AllowanceDeps {
  llm: LlmClient;
  market: FigureDeps['market'];
  /** The LLM is the local twin: the record (and so the reply and page) say so. */
  sandboxModel: boolean;
}

export interface AnalysisRequest {
  postId: string;
  requesterId: string;
  requesterUsername: string;
  token: Token;
  /** The author's own post text: data for the model, never instructions. */
  text: string;
}

export type AnalysisResult =
  | {
      kind: 'published';
      id: string;
      figures: AnalysisFigures;
      sandbox: boolean;
      /** Base units paid ('0' inside a premium subscriber's free allowance). */
      paid: string;
    }
  | { kind: 'unpaid'; id: string; message: string }
  /** Not written: the figures it needs are missing (`reason` says which); nothing charged. */
  | { kind: 'refused'; reason: string };

/**
 * Why no analysis can be written from these figures, or null when it can: a token with neither
 * a market price nor holder figures leaves the model nothing to analyse (a text made of "no
 * price", "not indexed" is not worth its price).
 */
export function missingFigures(f: AnalysisFigures): string | null {
  if (f.price || f.holders.length > 0) return null;
  return 'there is no market price and no holder data for this token right now';
}

/**
 * One analysis, exactly once per request post: figures (none to write from: refused, the hold
 * released, no model asked) → model → stored text → charge (only
 * now that there is something to deliver; the price held since the request was accepted, when
 * it was reserved: reserveAnalysis) → published. A re-run after a crash finds the stored
 * text (no second model call) and charges under the same key (no second charge). Model failures
 * throw the client's LlmError: the caller decides between retrying and telling the author.
 */
export async function runTokenAnalysis(
  deps: AnalysisDeps,
  req: AnalysisRequest,
): Promise<AnalysisResult> {
  let row = await findAnalysisByPost(deps.db, req.postId);
  if (!row) {
    const figures = await gatherFigures(deps, req.token);
    const missing = missingFigures(figures);
    if (missing) {
      // Nothing to write from: the price held since the request goes back, with the reason.
      await releaseAnalysis(deps.db, {
        postId: req.postId,
        reason: `No analysis made: ${missing}. Nothing was charged.`,
      });
      return { kind: 'refused', reason: missing };
    }
    const { text, model } = await writeAnalysis(deps.llm, { figures, requestText: req.text });
    row = await saveWrittenAnalysis(deps.db, {
      requestPostId: req.postId,
      requesterId: req.requesterId,
      requesterUsername: req.requesterUsername,
      token: req.token,
      figures,
      text,
      model,
      sandbox: deps.sandboxModel ? 'yes' : 'no',
      createdAt: deps.now(),
    });
  }
  const charge = await chargeFor(deps, {
    userId: req.requesterId,
    item: 'token_analysis',
    idempotencyKey: analysisUse(req.postId),
  });
  if (charge.outcome === 'refused') {
    await settleAnalysis(deps.db, row.id, { state: 'unpaid', chargeId: charge.chargeId });
    return { kind: 'unpaid', id: row.id, message: charge.message };
  }
  await settleAnalysis(deps.db, row.id, { state: 'published', chargeId: charge.chargeId });
  return {
    kind: 'published',
    id: row.id,
    figures: analysisFiguresSchema.parse(row.figures),
    sandbox: row.sandbox === 'yes',
    paid: charge.outcome === 'paid' ? charge.price.toString() : '0',
  };
}
