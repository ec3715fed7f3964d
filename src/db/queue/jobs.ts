import { asc, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { jobs } from '../schema/index.ts';
import { defineQueue, type Lease } from './durable-queue.ts';

export type JobRow = typeof jobs.$inferSelect;

export interface NewJob {
  kind: string;
  /** Idempotency key, unique across kinds: name the work (`analysis:<postId>`). */
  key: string;
  payload: unknown;
  priority?: number;
  /** Not before this time (default now). */
  runAt?: Date;
  maxAttempts?: number;
}

/** Queues a job (true); the same key again (a re-run after a crash) changes nothing (false). */
export async function enqueueJob(db: Db, job: NewJob): Promise<boolean> {
  const inserted = await db
    .insert(jobs)
    .values({
      kind: job.kind,
      key: job.key,
      payload: job.payload ?? {},
      priority: job.priority ?? 0,
      maxAttempts: job.maxAttempts ?? 5,
      ...(job.runAt ? { nextAttemptAt: job.runAt } : {}),
    })
    .onConflictDoNothing({ target: jobs.key })
    .returning({ id: jobs.id });
  return inserted.length > 0;
}

/** The shared queue helper over `jobs`: highest priority first, then the earliest due, then oldest. */
const jobQueue = defineQueue({
  table: jobs,
  idKey: 'id',
  order: [desc(jobs.priority), asc(jobs.nextAttemptAt), asc(jobs.id)],
});

/** Claims up to `limit` due jobs of `kinds` for this worker (see `defineQueue().claim`). */
export async function claimJobs(
  db: Db,
  opts: { kinds: readonly string[]; workerId: string; limit: number; leaseMs: number; now: Date },
): Promise<JobRow[]> {
  if (opts.kinds.length === 0) return [];
  return jobQueue.claim(db, { ...opts, where: inArray(jobs.kind, [...opts.kinds]) });
}

/** Gives back the jobs a stopping worker still leases (see `defineQueue().handBack`). */
export const handBackJobs = (db: Db, workerId: string) => jobQueue.handBack(db, workerId);

/** A claimed job: its id and the lease that claim holds. */
type Held = Pick<JobRow, 'id'> & Lease;

/** True when it did; false when this worker's lease was taken over (it may not settle the job). */
export const finishJob = (db: Db, job: Held, opts: { result?: unknown; now: Date }) =>
  jobQueue.finish(db, job, { status: 'done', result: opts.result ?? null, finishedAt: opts.now });

/** The dead letter: the job stays, `failed`, with its error and result, for a person to look at. */
export const failJob = (db: Db, job: Held, opts: { error: string; result?: unknown; now: Date }) =>
  jobQueue.deadLetter(db, job, {
    error: opts.error,
    changes: { result: opts.result ?? null, finishedAt: opts.now },
  });

/** Releases the lease; the job runs again at `at`. `refund` gives back the claim's attempt. */
export const retryJob = (db: Db, job: Held, opts: { error: string; at: Date; refund?: boolean }) =>
  jobQueue.retry(db, job, opts);

/** Records how far a long job got (shown to users while it runs) and extends its lease. */
export async function reportJobProgress(
  db: Db,
  job: Held,
  opts: { progress: string; leaseUntil?: Date },
): Promise<void> {
  await jobQueue.touch(db, job, {
    progress: opts.progress,
    ...(opts.leaseUntil ? { lockedUntil: opts.leaseUntil } : {}),
  });
}

export async function getJobByKey(db: Db, key: string): Promise<JobRow | null> {
  const [row] = await db.select().from(jobs).where(eq(jobs.key, key)).limit(1);
  return row ?? null;
}
