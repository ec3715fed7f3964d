import type { AgentContext } from '../context.ts';
import { processJob } from '../engine/process-job.ts';
import { claimInboxJobs, workThroughInboxJobs } from '../jobs/inbox-queue.ts';
import { type AgentLoop, idleMs } from './loop.ts';

/**
 * Claims due inbox jobs (posts and console messages) and runs each command; how many. The
 * agent's own X user id is read once it is known (its posts are never commands).
 */
export function inboxJobs(ctx: AgentContext) {
  let agentUserId: string | null = null;
  return async (limit = 10) => {
    if (!agentUserId)
      agentUserId = await ctx
        .access()
        .then((a) => a.xUserId)
        .catch(() => null);
    const jobs = await claimInboxJobs(ctx.db, {
      workerId: ctx.workerId,
      limit,
      leaseMs: ctx.agent.leaseMs,
      now: ctx.now(),
    });
    await workThroughInboxJobs(ctx.db, jobs, {
      leaseMs: ctx.agent.leaseMs,
      lanes: ctx.agent.jobLanes,
      now: ctx.now,
      run: (job) => processJob({ ...ctx, agentUserId }, job),
    });
    return jobs.length;
  };
}

export const inboxLoop = (
  ctx: AgentContext,
  processDue: (limit?: number) => Promise<number>,
): AgentLoop => ({
  name: 'jobs',
  usesX: false,
  step: async () => ((await processDue()) > 0 ? 0 : idleMs(ctx.agent.pollIntervalMs)),
  once: () => processDue(),
  untilIdle: true,
});
