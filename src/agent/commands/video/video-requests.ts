import { reserveCharge } from '@/core/allowances/index.ts';
import { enqueueJob } from '@/db/queue/index.ts';
import type { AgentContext } from '../../context.ts';
import type { XAccount } from '../../engine/x-accounts.ts';
import { VIDEO_JOB, videoChargeUse, videoJobKey } from './video-job.ts';

/** What reserving a video's price said: held (or free), or refused with what the wallet has. */
export type VideoReservation =
  | { ok: true; price: bigint }
  /** `networkFee`: what the charge may pay the network on top of the price (decision 0050). */
  | { ok: false; price: bigint; balance: bigint | null; networkFee?: bigint };

/**
 * Reserves the price of the video asked for by this post: a free daily use, or the price held
 * in the requester's wallet until the video is charged or fails. Idempotent per post.
 */
export async function reserveVideo(
  ctx: AgentContext,
  p: { requestPostId: string; userId: string },
): Promise<VideoReservation> {
  const r = await reserveCharge(ctx, {
    userId: p.userId,
    item: 'video',
    idempotencyKey: videoChargeUse(p.requestPostId),
  });
  if (r.outcome === 'held' || r.outcome === 'paid') return { ok: true, price: r.price };
  if (r.outcome === 'free') return { ok: true, price: 0n };
  // A replayed refusal has no numbers: the command reads the wallet again.
  return { ok: false, price: r.price, balance: r.available ?? null, networkFee: r.networkFee };
}

/** Queues the render job for this request post; a second call with the same post adds nothing. */
export async function enqueueVideo(
  ctx: AgentContext,
  v: { requestPostId: string; requester: XAccount; targetId: string; priority: number },
) {
  await enqueueJob(ctx.db, {
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
}
