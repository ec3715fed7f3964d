import { type LlmClient, LlmError } from '@/integrations/llm/index.ts';
import type { Candidate } from './candidate.ts';
import {
  type QualityRubric,
  qualityRubricSchema,
  RUBRIC_SCHEMA_NAME,
  rubricMessages,
} from './rubric.ts';

/** The model is down (or not configured) and this attempt may not wait for it any longer. */
export class QualityUnavailableError extends Error {
  override name = 'QualityUnavailableError';
}

/**
 * Rates each post with the fixed rubric. A post the model answers outside the rubric gets no
 * quality part (null). When the model is unreachable, rate-limited or failing, the whole attempt
 * throws so the job retries later — unless `lastAttempt`: then every post is scored on
 * engagement only and the day's note says so (decision 0020).
 */
export async function rateQuality(
  deps: { llm: LlmClient | null },
  p: { posts: Candidate[]; lastAttempt: boolean },
): Promise<{ ratings: Map<string, QualityRubric | null>; note: string | null }> {
  const ratings = new Map<string, QualityRubric | null>();
  if (!deps.llm)
    return {
      ratings,
      note: 'Quality not rated: no model is configured; scores are engagement only.',
    };
  for (const post of p.posts) {
    try {
      const { value } = await deps.llm.completeJson({
        messages: rubricMessages(post),
        schema: qualityRubricSchema,
        schemaName: RUBRIC_SCHEMA_NAME,
        temperature: 0,
        maxTokens: 300,
      });
      ratings.set(post.postId, value);
    } catch (err) {
      if (!(err instanceof LlmError)) throw err;
      if (!err.retryable) {
        ratings.set(post.postId, null);
        continue;
      }
      if (!p.lastAttempt) throw new QualityUnavailableError(err.message);
      return {
        ratings: new Map(),
        note: 'Quality not rated: the model was unavailable after every retry; scores are engagement only.',
      };
    }
  }
  return { ratings, note: null };
}
