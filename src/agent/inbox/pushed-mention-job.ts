import { z } from 'zod';
import type { Db } from '@/db/client.ts';
import { drainJobs, enqueueJob, type JobRow } from '@/db/queue/index.ts';
import { type PushedPostDeps, readPushedPost } from './read-pushed-post.ts';
import { isInInbox, storePushedPost } from './store-posts.ts';

/**
 * The slow half of a pushed mention (decision 0045): the webhook stores this job and answers X;
 * the lookup of the post at X, which may take longer than the 10 s X waits for a webhook's
 * answer, runs here. The key is the post id, so X's duplicate deliveries queue it once.
 */
export const PUSHED_MENTION_JOB = 'pushed-mention';

/** Before analyses and renders: a pushed command is what a user waits on. */
const PUSHED_MENTION_PRIORITY = 100;

const payloadSchema = z.object({
  postId: z.string().regex(/^\d{1,19}$/),
  /** When the delivery came: the first-read window is judged from it, not from a late run. */
  receivedAt: z.iso.datetime(),
});

export const pushedMentionKey = (postId: string) => `${PUSHED_MENTION_JOB}:${postId}`;

/** Durably records a delivery's post for lookup; false when it was queued already. */
export function queuePushedMention(db: Db, p: { postId: string; receivedAt: Date }) {
  return enqueueJob(db, {
    kind: PUSHED_MENTION_JOB,
    key: pushedMentionKey(p.postId),
    payload: { postId: p.postId, receivedAt: p.receivedAt.toISOString() },
    priority: PUSHED_MENTION_PRIORITY,
    maxAttempts: 3,
  });
}

export interface PushedMentionJobDeps extends PushedPostDeps {
  /** The agent's X user id and token; throws when the agent is not connected. */
  access: () => Promise<{ xUserId: string; accessToken: string }>;
}

/**
 * Looks the post up at X and stores X's copy in the inbox (read-pushed-post.ts). A post X could
 * not be asked about is left to the mentions poll, as before; the job is done either way.
 */
export async function handlePushedMentionJob(deps: PushedMentionJobDeps, job: JobRow) {
  const { postId, receivedAt } = payloadSchema.parse(job.payload);
  if (await isInInbox(deps.db, postId)) return { stored: 0, outcome: 'in_inbox' };
  const agent = await deps.access();
  const read = await readPushedPost(deps, agent, postId, new Date(receivedAt));
  if (read.kind === 'dropped') return { stored: 0, outcome: read.reason };
  if (read.kind !== 'post') return { stored: 0, outcome: read.kind };
  return { stored: await storePushedPost(deps.db, read.post, deps.now()), outcome: 'post' };
}

/**
 * Runs due pushed-mention jobs now (the webhook calls it, unawaited, right after answering X).
 * The queue's lease decides who runs each, so a worker's background loop, which also runs them
 * (a delivery whose process stopped before the lookup), never runs one twice.
 */
export function drainPushedMentions(
  deps: PushedMentionJobDeps & { workerId: string; leaseMs: number },
) {
  return drainJobs(deps.db, {
    workerId: deps.workerId,
    handlers: { [PUSHED_MENTION_JOB]: (job) => handlePushedMentionJob(deps, job) },
    now: deps.now,
    limit: 5,
    leaseMs: deps.leaseMs,
    onError: (job, err, willRetry) =>
      deps.logger.warn({ job: job.key, err: String(err), willRetry }, 'pushed mention not read'),
  });
}
