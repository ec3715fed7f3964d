import type { Db } from '@/db/client.ts';
import { enqueueReply } from '../../outbox/outbox-queue.ts';
import { jobReplyPriority } from '../../outbox/reply-priority.ts';
import { videoReplyKey } from './video-job.ts';

export type VideoFailure = 'target_unavailable' | 'too_slow' | 'failed' | 'unpaid';

const REASONS: Record<VideoFailure, string> = {
  target_unavailable: 'that post is deleted, protected or not visible to me',
  too_slow: 'rendering took too long and was stopped',
  failed: 'something went wrong on our side',
  unpaid: 'its price could not be charged from your wallet',
};

/**
 * Tells the requester why no video came, under the same outbox key the video itself would use:
 * whatever happens, one request gets one reply from the agent.
 */
export async function tellRequester(
  db: Db,
  p: { requestPostId: string; publicUrl: string; why: VideoFailure; priority: number },
) {
  await enqueueReply(db, {
    key: videoReplyKey(p.requestPostId),
    postId: p.requestPostId,
    inReplyToId: p.requestPostId,
    text: `No video made: ${REASONS[p.why]}. Nothing was charged. Receipt: ${p.publicUrl}/receipts/${p.requestPostId}`,
    priority: jobReplyPriority(p.priority),
  });
}
