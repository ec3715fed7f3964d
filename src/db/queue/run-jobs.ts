import { secondsSince, telemetry } from '@/shared/telemetry.ts';
import type { Db } from '../client.ts';
import { PermanentJobError, stepAfterFailure, turnedAway } from './failures.ts';
import { claimJobs, failJob, finishJob, type JobRow, retryJob } from './jobs.ts';

export type JobHandler = (job: JobRow) => Promise<unknown>;

export interface DrainOptions {
  workerId: string;
  handlers: Record<string, JobHandler>;
  now: () => Date;
  limit?: number;
  leaseMs?: number;
  /** First retry delay; doubles each attempt up to `maxBackoffMs`. */
  backoffMs?: number;
  maxBackoffMs?: number;
  /** Told about every failure (to log it); never about the payload. */
  onError?: (job: JobRow, error: unknown, willRetry: boolean) => void;
}

/**
 * Claims due jobs of the handled kinds and runs each once: a returned value finishes the job
 * (stored as its result), a PermanentJobError or the last allowed attempt fails it, any other
 * error schedules a retry. A service that turned the job away (a rate-limit window, X's usage
 * cap) gets it again no sooner than it said, and the try is given back. Returns how many ran.
 */
export async function drainJobs(db: Db, opts: DrainOptions): Promise<number> {
  const claimed = await claimJobs(db, {
    kinds: Object.keys(opts.handlers),
    workerId: opts.workerId,
    limit: opts.limit ?? 5,
    leaseMs: opts.leaseMs ?? 60_000,
    now: opts.now(),
  });
  for (const job of claimed) {
    await telemetry.withLogIds(jobLogIds(job), () => runOne(db, opts, job));
  }
  return claimed.length;
}

/** A job's log lines carry its id and kind, and the post it is for when its payload names one. */
function jobLogIds(job: JobRow): Record<string, string> {
  const postId = (job.payload as { postId?: unknown } | null)?.postId;
  return {
    jobId: String(job.id),
    jobKind: job.kind,
    ...(typeof postId === 'string' ? { postId } : {}),
  };
}

async function runOne(db: Db, opts: DrainOptions, job: JobRow) {
  const handler = opts.handlers[job.kind]!;
  const started = performance.now();
  let outcome = 'done';
  try {
    try {
      const result = await handler(job);
      await finishJob(db, job, { result, now: opts.now() });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const refused = turnedAway(error);
      const step = stepAfterFailure(error, {
        attempts: job.attempts,
        maxAttempts: refused ? Number.POSITIVE_INFINITY : job.maxAttempts,
        now: opts.now(),
        backoff: {
          baseMs: opts.backoffMs ?? 1_000,
          maxMs: opts.maxBackoffMs ?? 60_000,
          jitter: false,
          resetAt: refused?.until ?? null,
        },
      });
      opts.onError?.(job, error, step.retry);
      outcome = step.retry ? 'retry' : 'failed';
      if (step.retry) await retryJob(db, job, { error: message, at: step.at, refund: !!refused });
      else {
        const result = error instanceof PermanentJobError ? error.result : undefined;
        await failJob(db, job, { error: message, result, now: opts.now() });
      }
    }
  } finally {
    telemetry.job('jobs', job.kind, outcome, secondsSince(started));
  }
}
