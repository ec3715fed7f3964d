import { eq } from 'drizzle-orm';
import type { Db } from '@/db/client.ts';
import { getJobByKey } from '@/db/queue/index.ts';
import { agentOutbox, promoVideos } from '@/db/schema/index.ts';
import { videoJobKey, videoReplyKey } from '../commands/video/video-job.ts';

export type VideoState = 'queued' | 'rendering' | 'uploading' | 'posted' | 'failed';

const FAILURES: Record<string, string> = {
  target_unavailable: 'The post is deleted, protected or not visible to the agent.',
  too_slow: 'Rendering took too long and was stopped.',
  unpaid: "Its price could not be charged from the requester's wallet. Nothing was charged.",
};

/**
 * Where a promotion video stands, from the render job (queued → rendering → uploading), the
 * agent's reply carrying it (posted) or either one failing. Null when the post asked for none.
 */
export async function getVideoProgress(db: Db, requestPostId: string) {
  const job = await getJobByKey(db, videoJobKey(requestPostId));
  if (!job) return null;
  const [row] = await db
    .select({
      targetPostId: promoVideos.targetPostId,
      targetAuthorUsername: promoVideos.targetAuthorUsername,
      bytes: promoVideos.bytes,
      renderMs: promoVideos.renderMs,
      charge: promoVideos.charge,
    })
    .from(promoVideos)
    .where(eq(promoVideos.requestPostId, requestPostId));
  const [reply] = await db
    .select({ status: agentOutbox.status, sentPostId: agentOutbox.sentPostId })
    .from(agentOutbox)
    .where(eq(agentOutbox.key, videoReplyKey(requestPostId)));
  const failure = (job.result as { failure?: string } | null)?.failure;
  let state: VideoState;
  if (job.status === 'failed' || reply?.status === 'failed') state = 'failed';
  else if (job.status === 'done' && reply?.status === 'sent') state = 'posted';
  else if (job.status === 'done' || job.progress === 'uploading' || job.progress === 'posting')
    state = 'uploading';
  else if (job.progress === 'rendering') state = 'rendering';
  else state = 'queued';
  const rendered = Boolean(row?.bytes);
  return {
    state,
    targetPostId: row?.targetPostId ?? (job.payload as { targetId: string }).targetId,
    targetAuthor: row?.targetAuthorUsername || null,
    /** The agent's post carrying the video on X, once sent. */
    postId: state === 'posted' ? (reply?.sentPostId ?? null) : null,
    videoUrl: rendered ? `/api/videos/${requestPostId}.mp4` : null,
    posterUrl: rendered ? `/api/videos/${requestPostId}.png` : null,
    bytes: row?.bytes ?? null,
    renderMs: row?.renderMs ?? null,
    charge: row?.charge ?? null,
    failure:
      state === 'failed'
        ? (FAILURES[failure ?? ''] ?? 'The video could not be made. Nothing was charged.')
        : null,
  };
}

export type VideoProgress = NonNullable<Awaited<ReturnType<typeof getVideoProgress>>>;
