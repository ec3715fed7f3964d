import type { RejectReason } from '../../engine/outcome.ts';
import { addUpTo, amt, cost } from '../../replies/reply-words.ts';

export type VideoRejectReason = Extract<
  RejectReason,
  { code: 'no_video_target' | 'video_unpaid' | 'video_not_available' }
>;

/** Why no video was queued (the video post itself is the render job's reply). */
export function videoRejection(r: VideoRejectReason): string {
  switch (r.code) {
    case 'no_video_target':
      return 'No video made: reply to (or quote) the post you want promoted, with "make a video of this".';
    case 'video_unpaid':
      return `No video made: a video costs ${cost(r.price, r.networkFee)} and your balance is ${amt(r.balance, 'UP')}. Nothing was charged.${addUpTo(r.address)}`;
    case 'video_not_available':
      return 'Video promotion is not available on this server yet.';
  }
}
