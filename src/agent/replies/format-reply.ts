import { analyzeRejection } from '../commands/analyze/analyze-reply.ts';
import { addressReply, balanceReply, unknownHandle } from '../commands/balance/balance-reply.ts';
import { nothingToConfirm } from '../commands/confirm/confirm-reply.ts';
import {
  fingerprintedReply,
  fingerprintRejection,
} from '../commands/fingerprint/fingerprint-reply.ts';
import { promoteRejection } from '../commands/promote/promote-reply.ts';
import { previewReply, sendRejection, sentReply } from '../commands/send/send-reply.ts';
import {
  subscribedReply,
  subscriptionPreviewReply,
  subscriptionRefused,
} from '../commands/subscribe/subscribe-reply.ts';
import { videoRejection } from '../commands/video/video-reply.ts';
import type { Outcome, RejectReason } from '../engine/outcome.ts';
import { editReply } from './edit-reply.ts';
import { EXAMPLE_RECIPIENT } from './invalid-text.ts';
import { type ReplyContext, receiptLink, receiptRef } from './reply-words.ts';

export type { ReplyContext } from './reply-words.ts';

export const helpText = (publicUrl: string) =>
  `Try "balance", "what's my address", "send 10 UP to ${EXAMPLE_RECIPIENT}", "analyze $UP", "subscribe premium monthly", or on a post "fingerprint this", "promote this". ${publicUrl}/how-it-works`;

/** A refusal in words: each command's folder words its own (commands/<command>/*-reply.ts). */
export function rejection(r: RejectReason): string {
  switch (r.code) {
    case 'unknown_handle':
      return unknownHandle(r);
    case 'nothing_to_confirm':
      return nothingToConfirm();
    case 'subscription_refused':
      return subscriptionRefused(r.message);
    case 'no_fingerprint_target':
    case 'fingerprint_target_unavailable':
    case 'fingerprint_rejected':
    case 'fingerprint_unpaid':
    case 'evidence_not_configured':
      return fingerprintRejection(r);
    case 'analysis_not_configured':
    case 'analysis_unpaid':
    case 'analysis_on_x_only':
      return analyzeRejection(r);
    case 'no_promotion_target':
    case 'promotion_limit':
    case 'promotion_target_limit':
      return promoteRejection(r);
    case 'no_video_target':
    case 'video_unpaid':
    case 'video_not_available':
      return videoRejection(r);
    default:
      return sendRejection(r);
  }
}

/**
 * The reply to a command: short and plain, ending with its receipt, which also makes every
 * reply's text unique (X refuses duplicate content). X may bill a post with a URL at 20 times a
 * summoned reply (decision 0044), so the receipt is a link only where the reply moves money, pays
 * for work or carries a link anyway (a transaction, a proof, the guide); answers that say all
 * there is (balance, address, a preview, a refusal) name the receipt by its number instead.
 * Returns null when the agent stays silent (ignored posts).
 */
export function formatReply(outcome: Outcome, ctx: ReplyContext): string | null {
  switch (outcome.kind) {
    case 'ignored':
    // A version replaced by an edit before the agent acted: the newest version is answered.
    case 'edit_superseded':
    // The analysis job answers the post itself, once, when the model is done.
    case 'analysis_queued':
    case 'promotion_queued':
    // The video post is the reply (sent by the render job when the video is ready).
    case 'video_queued':
      return null;
    case 'balance':
      return balanceReply(outcome, ctx);
    case 'address':
      return addressReply(outcome, ctx);
    case 'sent':
      return sentReply(outcome, ctx);
    case 'preview':
      return previewReply(outcome, ctx);
    case 'fingerprinted':
      return fingerprintedReply(outcome, ctx);
    case 'subscription_preview':
      return subscriptionPreviewReply(outcome, ctx);
    case 'subscribed':
      return subscribedReply(outcome, ctx);
    case 'rejected':
      return `${rejection(outcome.reason)} ${receiptRef(ctx)}`;
    // One reply per edited command; its other edits stay silent (decision 0042).
    case 'edit_not_rerun':
      return outcome.answered ? editReply(outcome, ctx.publicUrl) : null;
    case 'help': {
      if (outcome.didYouMean) {
        const { text, handles, needsRecipient } = outcome.didYouMean;
        const post = needsRecipient ? `${text} to ${EXAMPLE_RECIPIENT}` : text;
        const who = needsRecipient ? "the recipient's" : handles.map((h) => `${h}'s`).join(', ');
        // "(with its @)": the outbox drops '@' before a name on self-serve X (decision 0043).
        const fill = who ? `, putting ${who} handle (with its @) in place of @…` : '';
        return `Did you mean "${post}"? Post that${fill} and I will do it; I did nothing with this one. ${receiptRef(ctx)}`;
      }
      // A refusal names its reason and the guide; the command list would not fit beside it.
      if (outcome.invalid)
        return `${outcome.invalid} Guide: ${ctx.publicUrl}/how-it-works ${receiptLink(ctx)}`;
      const lead = outcome.feature ? `${outcome.feature} is not available yet. ` : '';
      return `${lead}${helpText(ctx.publicUrl)} ${receiptLink(ctx)}`;
    }
  }
}
