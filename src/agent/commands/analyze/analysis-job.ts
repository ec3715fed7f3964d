import type { Db } from '../../../db/client.ts';
import { isPermanentFailure, type JobRow } from '../../../db/queue/index.ts';
import { LlmError } from '../../../integrations/llm/index.ts';
import type { AnalystPort } from '../../engine/ports.ts';
import { enqueueReply } from '../../outbox/outbox-queue.ts';
import { jobReplyPriority } from '../../outbox/reply-priority.ts';
import { analysisReply, analysisUnavailableReply, MODEL_DOWN_REASON } from './analysis-reply.ts';
import type { AnalysisJobPayload } from './execute-analyze.ts';

export interface AnalysisJobDeps {
  db: Db;
  analyst: AnalystPort | null;
  publicUrl: string;
  logger: { warn: (o: object, m: string) => void };
}

/**
 * Runs one queued analysis (a `drainJobs` handler). Errors are retried with the queue's backoff;
 * on the last allowed attempt (or when no model is configured) the author is told once that
 * analysis is unavailable, and nothing is charged: what was reserved when the request was
 * accepted goes back (runTokenAnalysis charges only after a stored answer). Every reply has the
 * key `reply:{postId}`: the post is answered exactly once.
 */
export async function handleAnalysisJob(deps: AnalysisJobDeps, job: JobRow) {
  const p = job.payload as AnalysisJobPayload;
  const reply = (text: string, priority: number) =>
    enqueueReply(deps.db, {
      key: `reply:${p.postId}`,
      postId: p.postId,
      inReplyToId: p.postId,
      text,
      priority: jobReplyPriority(priority),
    });
  try {
    if (!deps.analyst) throw new Error('no LLM configured');
    const result = await deps.analyst.run({
      postId: p.postId,
      requesterId: p.requesterId,
      requesterUsername: p.requesterUsername,
      token: p.token,
      text: p.text,
    });
    await reply(analysisReply(result, p.token, deps.publicUrl), job.priority);
    if (result.kind === 'refused') return { state: 'refused', reason: result.reason };
    return { analysisId: result.id, state: result.kind };
  } catch (err) {
    // No model, a model error no retry fixes, or a request that can never work (decision 0050).
    const hopeless =
      !deps.analyst || (err instanceof LlmError && !err.retryable) || isPermanentFailure(err);
    if (job.attempts < job.maxAttempts && !hopeless) throw err;
    deps.logger.warn({ postId: p.postId, err: String(err) }, 'token analysis unavailable');
    await deps.analyst?.release({ postId: p.postId, reason: MODEL_DOWN_REASON });
    await reply(analysisUnavailableReply(p.token), job.priority);
    return { state: 'unavailable', error: String(err).slice(0, 300) };
  }
}
