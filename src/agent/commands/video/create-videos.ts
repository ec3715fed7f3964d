import {
  type AllowanceDeps,
  chargeFor,
  releaseCharge,
  reserveCharge,
} from '../../../core/allowances/index.ts';
import { renderVideo } from '../../../core/video/index.ts';
import { drainJobs, enqueueJob } from '../../../db/queue/index.ts';
import type { AgentDeps } from '../../deps.ts';
import type { VideoPort } from '../../engine/video-port.ts';
import { chargeVideo } from './charge-video.ts';
import { runVideoJob, type VideoJobDeps } from './run-video-job.ts';
import { VIDEO_CHARGE_JOB, VIDEO_JOB, videoChargeUse, videoJobKey } from './video-job.ts';

type Deps = Pick<AgentDeps, 'db' | 'config' | 'logger' | 'now' | 'x' | 'constellation'>;

/** The allowance service as the render job uses it: charge, or give back, the reserved price. */
export const videoCharges = (deps: AllowanceDeps): VideoJobDeps['charges'] => ({
  charge: (c) => chargeFor(deps, { ...c, item: 'video' }),
  release: (c) => releaseCharge(deps.db, c),
});

/**
 * Promotion videos bound to the product: the port the command engine calls, and `drain`, the
 * worker step that runs due render and charge jobs from the shared queue.
 */
export function createVideos(
  deps: Deps,
  p: {
    access: () => Promise<{ accessToken: string }>;
    renderLimitMs: number;
    render?: VideoJobDeps['render'];
  },
) {
  const logger = deps.logger.child({ component: 'videos' });
  const jobDeps: VideoJobDeps = {
    db: deps.db,
    logger,
    now: deps.now,
    x: deps.x,
    access: p.access,
    publicUrl: deps.config.publicUrl,
    agentHandle: deps.config.publicConfig.agentHandle,
    renderLimitMs: p.renderLimitMs,
    render: p.render ?? renderVideo,
    charges: videoCharges(deps),
  };
  const port: VideoPort = {
    async reserve({ requestPostId, userId }) {
      const r = await reserveCharge(deps, {
        userId,
        item: 'video',
        idempotencyKey: videoChargeUse(requestPostId),
      });
      if (r.outcome === 'held' || r.outcome === 'paid') return { ok: true, price: r.price };
      if (r.outcome === 'free') return { ok: true, price: 0n };
      // A replayed refusal has no numbers: the engine reads the wallet again.
      return { ok: false, price: r.price, balance: r.available ?? null, networkFee: r.networkFee };
    },
    async enqueue(v) {
      await enqueueJob(deps.db, {
        kind: VIDEO_JOB,
        key: videoJobKey(v.requestPostId),
        payload: {
          requestPostId: v.requestPostId,
          requesterId: v.requester.xUserId,
          requesterUsername: v.requester.username,
          targetId: v.targetId,
          priority: v.priority,
        },
        priority: v.priority,
        maxAttempts: 5,
      });
    },
  };
  const drain = (workerId: string) =>
    drainJobs(deps.db, {
      workerId,
      now: deps.now,
      limit: 1,
      leaseMs: p.renderLimitMs + 60_000,
      backoffMs: 1_000,
      maxBackoffMs: 15_000,
      handlers: {
        [VIDEO_JOB]: (job) => runVideoJob(jobDeps, job),
        [VIDEO_CHARGE_JOB]: (job) =>
          chargeVideo(
            {
              db: deps.db,
              logger,
              charge: jobDeps.charges.charge,
            },
            job,
          ),
      },
      onError: (job, err, willRetry) => {
        if (job.kind === VIDEO_CHARGE_JOB && willRetry) return;
        logger.warn({ key: job.key, err: String(err), willRetry }, 'video job failed');
      },
    });
  return { port, drain };
}

export type Videos = ReturnType<typeof createVideos>;
