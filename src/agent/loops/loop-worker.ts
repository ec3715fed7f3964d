import { readAgentXUserId } from '../account/agent-account.ts';
import type { AgentContext } from '../context.ts';
import { drainPushedMentions } from '../inbox/pushed-mention-job.ts';
import { createAgentLoops } from '../jobs/agent-loops.ts';
import { handBackLeases } from '../jobs/hand-back.ts';
import { backgroundJobs, backgroundLoop, backgroundStep } from './background-jobs.ts';
import { inboxJobs, inboxLoop } from './inbox-jobs.ts';
import type { AgentLoop } from './loop.ts';
import { mentionsLoop, pollOnce } from './mentions.ts';
import { noticesLoop, queueNotices } from './notices.ts';
import { outboxLoop, replySender } from './outbox.ts';
import { postRewardsLoop, runPostRewards } from './post-rewards.ts';
import { ensurePush, pushedMentionDeps, pushLoop } from './push.ts';
import { videosLoop } from './videos.ts';

/**
 * The agent's loops, sharing nothing but the database: read mentions into the inbox (X also
 * pushes them to the webhook when `push` is set; polling then catches up), process inbox jobs,
 * run background jobs (analyses, promotions), render videos, post replies from the outbox, queue
 * unasked notices (rewards, renewals), keep X's push set up, run the daily post rewards. Any
 * number of processes may run them against one PostgreSQL database. `start()` runs each loop of
 * the table; `tick()` runs each step once, in the table's order (tests, benchmarks).
 */
export function createLoopWorker(ctx: AgentContext) {
  const processDue = inboxJobs(ctx);
  const drainBackground = backgroundJobs(ctx);
  const stepBackground = backgroundStep(ctx, () => drainBackground());
  const sendReplies = replySender(ctx);
  const table: AgentLoop[] = [
    mentionsLoop(ctx),
    inboxLoop(ctx, processDue),
    backgroundLoop(stepBackground, () => drainBackground()),
    videosLoop(ctx),
    outboxLoop(ctx, sendReplies),
    noticesLoop(ctx),
    ...(ctx.push ? [pushLoop(ctx)] : []),
    postRewardsLoop(ctx),
  ];
  const loops = createAgentLoops(ctx);
  const byName = (name: string) => table.find((loop) => loop.name === name)!;

  return {
    workerId: ctx.workerId,
    access: ctx.access,
    async tick() {
      const done: Record<string, number> = {};
      for (const loop of table) {
        if (!loop.once) continue;
        done[loop.name] = 0;
        for (let n = await loop.once(); n > 0; n = loop.untilIdle ? await loop.once() : 0) {
          done[loop.name]! += n;
        }
      }
      return {
        stored: done.mentions ?? 0,
        processed: done.jobs ?? 0,
        background: done.background ?? 0,
        sent: done.outbox ?? 0,
        videos: done.videos ?? 0,
      };
    },
    processDue,
    drainBackground,
    /** The agent's X user id as stored (no call to X): the webhook's filter check. */
    agentUserId: () => readAgentXUserId(ctx.db, ctx.agentHandle),
    /** Looks up the posts X's webhook named (run unawaited once the webhook has answered). */
    drainPushedMentions: () =>
      drainPushedMentions({
        ...pushedMentionDeps(ctx),
        workerId: ctx.workerId,
        leaseMs: ctx.agent.leaseMs,
      }),
    backgroundStep: stepBackground,
    drainVideos: () => byName('videos').once!(),
    sendReplies,
    queueNotices: () => queueNotices(ctx),
    ensurePush: () => ensurePush(ctx),
    runPostRewards: () => runPostRewards(ctx),
    poll: () => pollOnce(ctx),
    start() {
      for (const loop of table) loops.start(loop.name, loop.step, { callsX: loop.usesX });
      ctx.logger.info({ workerId: ctx.workerId, handle: ctx.agentHandle }, 'agent worker started');
    },
    /**
     * Stops claiming; waits for the steps in flight, at most `drainMs` when given, then gives
     * back whatever this worker still leases (a render or model call that outlived the bound)
     * so another worker takes it at once. Returns what was given back.
     */
    async stop(opts: { drainMs?: number } = {}) {
      const finished = await loops.stop(opts);
      if (finished) return { jobs: 0, inbox: 0, replies: 0 };
      const given = await handBackLeases(ctx.db, ctx.workerId);
      ctx.logger.warn(
        { workerId: ctx.workerId, ...given },
        'stopped with work in flight: handed back',
      );
      return given;
    },
  };
}

export type LoopWorker = ReturnType<typeof createLoopWorker>;
