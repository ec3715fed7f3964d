import { type AllowanceDeps, chargeFor, releaseCharge } from '@/core/allowances/index.ts';
import { renderVideo } from '@/core/videos/index.ts';
import { drainJobs } from '@/db/queue/index.ts';
import type { AgentContext } from '../../context.ts';
import { chargeVideo } from './charge-video.ts';
import { runVideoJob, type VideoJobDeps } from './run-video-job.ts';
import { VIDEO_CHARGE_JOB, VIDEO_JOB } from './video-job.ts';

/** The allowance service as the render job uses it: charge, or give back, the reserved price. */
export const videoCharges = (deps: AllowanceDeps): VideoJobDeps['charges'] => ({
  charge: (c) => chargeFor(deps, { ...c, item: 'video' }),
  release: (c) => releaseCharge(deps.db, c),
});

/**
 * The worker step that runs due render and charge jobs from the shared queue, once; how many
 * ran. Renders take seconds of CPU: they have their own loop (loops/videos.ts).
 */
export function drainVideos(ctx: AgentContext, p: { render?: VideoJobDeps['render'] } = {}) {
  const logger = ctx.logger.child({ component: 'videos' });
  const renderLimitMs = ctx.agent.videoRenderLimitMs;
  const jobDeps: VideoJobDeps = {
    db: ctx.db,
    logger,
    now: ctx.now,
    x: ctx.x,
    access: ctx.access,
    publicUrl: ctx.config.publicUrl,
    agentHandle: ctx.config.publicConfig.agentHandle,
    renderLimitMs,
    render: p.render ?? renderVideo,
    charges: videoCharges(ctx),
  };
  return drainJobs(ctx.db, {
    workerId: ctx.workerId,
    now: ctx.now,
    limit: 1,
    leaseMs: renderLimitMs + 60_000,
    backoffMs: 1_000,
    maxBackoffMs: 15_000,
    handlers: {
      [VIDEO_JOB]: (job) => runVideoJob(jobDeps, job),
      [VIDEO_CHARGE_JOB]: (job) =>
        chargeVideo({ db: ctx.db, logger, charge: jobDeps.charges.charge }, job),
    },
    onError: (job, err, willRetry) => {
      if (job.kind === VIDEO_CHARGE_JOB && willRetry) return;
      logger.warn({ key: job.key, err: String(err), willRetry }, 'video job failed');
    },
  });
}
