import { drainJobs, enqueueJob, type JobRow, PermanentJobError } from '@/db/queue/index.ts';
import type { TransferDeps } from '../transfers/index.ts';
import { payPostRewardDay } from './pay-post-rewards.ts';
import { type ScoreDeps, scorePostRewardDay } from './score-day.ts';
import { dayBounds, type PostRewardSettings, previousDayKey } from './settings.ts';

/** One durable job per UTC day, keyed by the day: enqueued by every worker, run by one. */
export const POST_REWARDS_JOB = 'post-rewards-day';
export const postRewardsJobKey = (day: string) => `post-rewards:${day}`;
/** Replies and metrics settle a little after midnight before the day is scored. */
export const SETTLE_MS = 10 * 60_000;

export type PostRewardDeps = TransferDeps & ScoreDeps & { now: () => Date };
export type AgentAccess = () => Promise<{ accessToken: string; xUserId: string }>;

export function enqueuePostRewardsDay(
  deps: { db: ScoreDeps['db'] },
  p: { day: string; runAt?: Date },
) {
  return enqueueJob(deps.db, {
    kind: POST_REWARDS_JOB,
    key: postRewardsJobKey(p.day),
    payload: { day: p.day },
    runAt: p.runAt ?? new Date(dayBounds(p.day).end.getTime() + SETTLE_MS),
    maxAttempts: 10,
  });
}

/** The job: score the day once (the model's outage retries, then engagement only), pay it. */
export function postRewardsHandler(
  deps: PostRewardDeps,
  p: { settings: PostRewardSettings; access: AgentAccess },
) {
  return async (job: JobRow) => {
    const { day } = job.payload as { day: string };
    if (typeof day !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(day))
      throw new PermanentJobError(`not a day: ${String(day)}`);
    await scorePostRewardDay(deps, {
      day,
      settings: p.settings,
      access: await p.access(),
      lastAttempt: job.attempts >= job.maxAttempts,
    });
    return { day, ...(await payPostRewardDay(deps, { day })) };
  };
}

/**
 * What the agent worker runs once a minute: queue yesterday's job (a no-op after the first
 * time), then run due post-reward jobs. A failed attempt waits 1 minute, doubling to 30 (10
 * attempts: about 4 hours of X or model trouble). While the agent's X account is not connected
 * nothing is claimed, so a disconnection does not use up the day's attempts.
 */
export async function runDuePostRewards(
  deps: PostRewardDeps,
  p: { settings: PostRewardSettings; access: AgentAccess; workerId: string },
) {
  await enqueuePostRewardsDay(deps, { day: previousDayKey(deps.now()) });
  await p.access();
  return drainJobs(deps.db, {
    workerId: p.workerId,
    handlers: { [POST_REWARDS_JOB]: postRewardsHandler(deps, p) },
    now: deps.now,
    limit: 1,
    // Long enough for a day of model calls; a second claimant would still pay nothing twice.
    leaseMs: 30 * 60_000,
    backoffMs: 60_000,
    maxBackoffMs: 30 * 60_000,
    onError: (job, err, willRetry) =>
      deps.logger.warn({ key: job.key, err: String(err), willRetry }, 'post rewards job failed'),
  });
}
