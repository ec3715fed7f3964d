import { drainJobs, type JobRow } from '@/db/queue/index.ts';
import { handleAnalysisJob } from '../commands/analyze/analysis-job.ts';
import { ANALYSIS_JOB } from '../commands/analyze/execute-analyze.ts';
import { PROMOTION_JOB } from '../commands/promote/execute-promote.ts';
import { handlePromotionJob } from '../commands/promote/promotion-job.ts';
import type { AgentContext } from '../context.ts';
import { handlePushedMentionJob, PUSHED_MENTION_JOB } from '../inbox/pushed-mention-job.ts';
import { hasDueInboxJobs } from '../jobs/inbox-queue.ts';
import { type AgentLoop, idleMs } from './loop.ts';
import { pushedMentionDeps } from './push.ts';

/** Posts waiting to be read go first: model work resumes once the inbox is empty. */
const INBOX_FIRST_WAIT_MS = 50;

/**
 * Slow work (the LLM) runs here, off the mention loop: the inbox never waits on a model.
 * Pushed mentions too: a delivery whose process stopped before its lookup is run here. One job
 * per call by default: the background loop checks the inbox between model calls.
 */
export function backgroundJobs(ctx: AgentContext) {
  const handlers = {
    [PUSHED_MENTION_JOB]: (job: JobRow) => handlePushedMentionJob(pushedMentionDeps(ctx), job),
    [ANALYSIS_JOB]: (job: JobRow) => handleAnalysisJob(ctx, job),
    [PROMOTION_JOB]: (job: JobRow) =>
      handlePromotionJob(
        {
          db: ctx.db,
          x: ctx.x,
          access: ctx.access,
          llm: ctx.llm ?? null,
          agentHandle: ctx.agentHandle,
          accessTier: ctx.config.x.accessTier,
          xWebUrl: ctx.config.publicConfig.xWebUrl,
          logger: ctx.logger,
        },
        job,
      ),
  };
  return (limit = 1) =>
    drainJobs(ctx.db, {
      workerId: ctx.workerId,
      handlers,
      limit,
      now: ctx.now,
      leaseMs: ctx.agent.leaseMs,
      backoffMs: 2_000,
      maxBackoffMs: 60_000,
      onError: (job, err, willRetry) =>
        ctx.logger.warn({ job: job.key, err: String(err), willRetry }, 'background job failed'),
    });
}

/** One step of the background loop; returns how long to wait before the next. */
export function backgroundStep(ctx: AgentContext, drain: () => Promise<number>) {
  return async () => {
    if (await hasDueInboxJobs(ctx.db, ctx.now())) return INBOX_FIRST_WAIT_MS;
    return (await drain()) > 0 ? 0 : idleMs(ctx.agent.pollIntervalMs);
  };
}

// So a plain command never queues behind 50 analyses.
export const backgroundLoop = (
  step: () => Promise<number>,
  drain: () => Promise<number>,
): AgentLoop => ({ name: 'background', usesX: false, step, once: drain, untilIdle: true });
