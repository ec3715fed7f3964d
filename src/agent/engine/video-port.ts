import type { XAccount } from './ports.ts';

/** What reserving a video's price said: held (or free), or refused with what the wallet has. */
export type VideoReservation =
  | { ok: true; price: bigint }
  /** `networkFee`: what the charge may pay the network on top of the price (decision 0050). */
  | { ok: false; price: bigint; balance: bigint | null; networkFee?: bigint };

/** Promotion videos for the agent (commands/video/create-videos.ts binds it to the product). */
export interface VideoPort {
  /**
   * Reserves the price of the video asked for by this post: a free daily use, or the price held
   * in the requester's wallet until the video is charged or fails. Idempotent per post.
   */
  reserve(p: { requestPostId: string; userId: string }): Promise<VideoReservation>;
  /** Queues the render job for this request post; a second call with the same post adds nothing. */
  enqueue(p: {
    requestPostId: string;
    requester: XAccount;
    targetId: string;
    priority: number;
  }): Promise<void>;
}
