import { and, asc, eq, isNull, lt, lte, or } from 'drizzle-orm';
import type { Db } from '@/db/client.ts';
import { defineQueue, type Lease } from '@/db/queue/index.ts';
import { agentInbox } from '@/db/schema/index.ts';

export type InboxRow = typeof agentInbox.$inferSelect;

/** The shared queue helper over the inbox (its own table: primary key = post id): oldest first. */
const inboxQueue = defineQueue({
  table: agentInbox,
  idKey: 'postId',
  order: [asc(agentInbox.receivedAt), asc(agentInbox.postId)],
});

/** Gives back the inbox jobs a stopping worker still leases (see `defineQueue().handBack`). */
export const handBackInboxJobs = (db: Db, workerId: string) => inboxQueue.handBack(db, workerId);

/** A claimed inbox job: its post id and the lease that claim holds. */
type Held = Pick<InboxRow, 'postId'> & Lease;

/** Claims up to `limit` due inbox jobs for this worker (see `defineQueue().claim`). */
export const claimInboxJobs = (
  db: Db,
  opts: { workerId: string; limit: number; leaseMs: number; now: Date },
): Promise<InboxRow[]> => inboxQueue.claim(db, opts);

/**
 * Works through claimed jobs oldest first, up to `lanes` at once but never two of one author's
 * at once (decision 0074): a lane takes the oldest job whose author is not running, so each
 * author's commands run in their order and one slow send holds up only its own author.
 * Before each job starts, the leases of every job not yet started are extended by `leaseMs`
 * (one statement; skipped while more than half the lease is left): a batch claimed under one
 * lease would otherwise run out while its first jobs run, and another worker would take the
 * rest over mid-batch. A job whose lease was already taken over is skipped: its new holder
 * runs it. A job that throws stops its lane; the first error is thrown once all have stopped.
 */
export async function workThroughInboxJobs(
  db: Db,
  jobs: InboxRow[],
  opts: {
    leaseMs: number;
    now: () => Date;
    run: (job: InboxRow) => Promise<unknown>;
    lanes?: number;
  },
): Promise<void> {
  const pending = [...jobs];
  let leasedUntil = Math.min(...jobs.map((j) => j.lockedUntil?.getTime() ?? 0));
  let held = new Set<unknown>(jobs.map((j) => j.postId));
  let renewing: Promise<void> | null = null;
  const renewIfDue = async () => {
    while (renewing) await renewing;
    const now = opts.now().getTime();
    if (leasedUntil - now >= opts.leaseMs / 2) return;
    renewing = inboxQueue
      .renew(
        db,
        pending.filter((j) => held.has(j.postId)),
        new Date(now + opts.leaseMs),
      )
      .then((renewed) => {
        held = renewed;
        leasedUntil = now + opts.leaseMs;
      })
      .finally(() => {
        renewing = null;
      });
    await renewing;
  };
  const running = new Set<string>();
  const waiting: (() => void)[] = [];
  const lane = async () => {
    while (pending.length) {
      const i = pending.findIndex((j) => !running.has(j.authorId));
      if (i < 0) {
        await new Promise<void>((r) => waiting.push(r));
        continue;
      }
      const job = pending[i]!;
      running.add(job.authorId);
      try {
        await renewIfDue();
        pending.splice(pending.indexOf(job), 1);
        if (held.has(job.postId)) await opts.run(job);
      } finally {
        running.delete(job.authorId);
        for (const wake of waiting.splice(0)) wake();
      }
    }
  };
  const lanes = Math.max(1, Math.min(opts.lanes ?? 1, jobs.length));
  const ended = await Promise.allSettled(Array.from({ length: lanes }, lane));
  const failed = ended.find((r) => r.status === 'rejected');
  if (failed) throw failed.reason;
}

/**
 * Claims one inbox job by its post id and author, even before it is due: the console request
 * that stored a message runs it at once (the workers see it only after a grace period).
 */
export async function claimInboxJob(
  db: Db,
  opts: { postId: string; authorId: string; workerId: string; leaseMs: number; now: Date },
): Promise<InboxRow | null> {
  const [row] = await inboxQueue.claim(db, {
    ...opts,
    limit: 1,
    early: true,
    where: and(eq(agentInbox.postId, opts.postId), eq(agentInbox.authorId, opts.authorId)),
  });
  return row ?? null;
}

/**
 * A retryable failure: release the lease and try again at `at`. False when this worker's lease
 * was taken over (the new holder decides).
 */
export const retryInboxJob = (
  db: Db,
  job: Held,
  opts: { error: string; at: Date; refund?: boolean },
) => inboxQueue.retry(db, job, opts);

/**
 * Marks a job finished (done, or failed for good: the dead letter) with what the agent
 * understood and did. False when this worker's lease was taken over: the caller's transaction
 * must not commit its reply then (the new holder writes the same one under the same key).
 */
export function finishInboxJob(
  db: Db,
  job: Held,
  result: {
    status: 'done' | 'failed';
    command: unknown;
    outcome: unknown;
    replyText: string | null;
    error?: string;
    now: Date;
  },
): Promise<boolean> {
  const changes = {
    command: result.command ?? null,
    outcome: result.outcome ?? null,
    replyText: result.replyText,
    processedAt: result.now,
  };
  return result.status === 'done'
    ? inboxQueue.finish(db, job, { ...changes, status: 'done', lastError: null })
    : inboxQueue.deadLetter(db, job, { error: result.error ?? 'failed', changes });
}

/**
 * Whether a post is waiting to be read and answered now (pending, due, not leased): the
 * background loop gives way while one is, so a 'balance' is never stuck behind model work.
 */
export async function hasDueInboxJobs(db: Db, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ postId: agentInbox.postId })
    .from(agentInbox)
    .where(
      and(
        eq(agentInbox.status, 'pending'),
        lte(agentInbox.nextAttemptAt, now),
        or(isNull(agentInbox.lockedUntil), lt(agentInbox.lockedUntil, now)),
      ),
    )
    .limit(1);
  return row !== undefined;
}
