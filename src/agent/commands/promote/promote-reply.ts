import type { RejectReason } from '../../engine/outcome.ts';

export type PromoteRejectReason = Extract<
  RejectReason,
  { code: 'no_promotion_target' | 'promotion_limit' | 'promotion_target_limit' }
>;

/** Why nothing was promoted (the promotion itself is posted by promotion-job.ts). */
export function promoteRejection(r: PromoteRejectReason): string {
  switch (r.code) {
    case 'no_promotion_target':
      return 'Nothing promoted: reply to (or quote) the post you want promoted, with "promote this", "quote this" or "comment on this".';
    case 'promotion_limit':
      return `Nothing promoted: that is ${r.limit} promotions today, your daily limit${r.premium ? '' : ' (premium: more)'}.`;
    case 'promotion_target_limit':
      return 'Nothing promoted: that post was already promoted today.';
  }
}
