import { formatTokenAmountExact } from '@/shared/units.ts';
import type { Outcome, Recipient } from '../engine/outcome.ts';

type EditNotRerun = Extract<Outcome, { kind: 'edit_not_rerun' }>;

const money = (units: string, token: string) => `${formatTokenAmountExact(BigInt(units))} ${token}`;
const to = (r: Recipient) => ('handle' in r ? `@${r.handle}` : 'that address');

/** What the agent did for the version that acted: "For your original post I …". */
export function actedSummary(acted: Outcome | null): string {
  if (!acted) return 'am still working on it';
  switch (acted.kind) {
    case 'sent':
      return `sent ${money(acted.amount, acted.token)} to ${to(acted.to)}`;
    case 'preview':
      return 'showed a preview that waits for "confirm"';
    case 'subscription_preview':
      return 'quoted a price that waits for "confirm"';
    case 'subscribed':
      return 'started your plan';
    case 'rejected':
      return 'did not do it (the receipt says why)';
    case 'fingerprinted':
      return 'fingerprinted the post';
    case 'analysis_queued':
      return 'started an analysis';
    case 'promotion_queued':
      return 'started a promotion';
    case 'video_queued':
      return 'started a video';
    default:
      return 'answered it';
  }
}

/**
 * The one reply to an edit of a command the agent already acted on (decision 0042): what it did
 * for the original, that edits are not run again, and how to ask again; the link is the
 * original's receipt (unique per command, so X never sees it as duplicate content).
 */
export function editReply(outcome: EditNotRerun, publicUrl: string): string {
  return `Edits are not run again. For your original post I ${actedSummary(outcome.acted)}; nothing more was done for this edit. To ask again, post a new command. Receipt: ${publicUrl}/receipts/${outcome.actedPostId}`;
}
