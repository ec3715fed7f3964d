import { releaseAnalysis, runTokenAnalysis } from '@/core/analyses/index.ts';
import { isPermanentFailure, type JobRow } from '@/db/queue/index.ts';
import { LlmError } from '@/integrations/llm/index.ts';
import type { AgentContext } from '../../context.ts';
import { enqueueReply } from '../../outbox/outbox-queue.ts';
import { jobReplyPriority } from '../../outbox/reply-priority.ts';
import { analysisModel } from './analysis-model.ts';
import { analysisReply, analysisUnavailableReply, MODEL_DOWN_REASON } from './analysis-reply.ts';
import type { AnalysisJobPayload } from './execute-analyze.ts';

/**
 * Runs one queued analysis (a `drainJobs` handler). Errors are retried with the queue's backoff;
 * on the last allowed attempt (or when no model is configured) the author is told once that
 * analysis is unavailable, and nothing is charged: what was reserved when the request was
 * accepted goes back (runTokenAnalysis charges only after a stored answer). Every reply has the
 * key `reply:{postId}`: the post is answered exactly once.
 */
export async function handleAnalysisJob(deps: AgentContext, job: JobRow) {
  const model = analysisModel(deps);
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
    if (!model) throw new Error('no LLM configured');
    const result = await runTokenAnalysis(
      { ...deps, ...model },
      {
        postId: p.postId,
        requesterId: p.requesterId,
        requesterUsername: p.requesterUsername,
        token: p.token,
        text: p.text,
      },
    );
    await reply(analysisReply(result, p.token, deps.publicUrl), job.priority);
    if (result.kind === 'refused') return { state: 'refused', reason: result.reason };
    return { analysisId: result.id, state: result.kind };
  } catch (err) {
    // No model, a model error no retry fixes, or a request that can never work (decision 0050).
    const hopeless =
      !model || (err instanceof LlmError && !err.retryable) || isPermanentFailure(err);
    if (job.attempts < job.maxAttempts && !hopeless) throw err;
    deps.logger.warn({ postId: p.postId, err: String(err) }, 'token analysis unavailable');
    if (model) await releaseAnalysis(deps.db, { postId: p.postId, reason: MODEL_DOWN_REASON });
    await reply(analysisUnavailableReply(p.token), job.priority);
    return { state: 'unavailable', error: String(err).slice(0, 300) };
  }
}
