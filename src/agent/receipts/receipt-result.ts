import type { Outcome } from '../engine/outcome.ts';
import { rejection } from '../replies/format-reply.ts';

export type ReceiptResult = 'pending' | 'done' | 'refused' | 'failed';

/**
 * The receipt's headline: done (the agent did what was asked), refused (it would not, and why),
 * failed (it tried and could not, and why), or still pending. A refusal is never labelled done.
 */
export function receiptResult(p: {
  status: 'pending' | 'done' | 'failed';
  outcome: Outcome | null;
  transfer: { state: string; error: string | null } | null;
  /** The post's paid use (analysis, fingerprint, video), as the allowance service recorded it. */
  charge?: { state: string; refusalMessage: string | null } | null;
  /** A video request's progress. */
  video?: { state: string; failure: string | null } | null;
}): { result: ReceiptResult; reason: string | null } {
  const { outcome, transfer, charge, video } = p;
  if (p.status === 'failed') {
    return { result: 'failed', reason: 'The agent could not process this post; nothing moved.' };
  }
  if (p.status === 'pending' || !outcome) return { result: 'pending', reason: null };
  switch (outcome.kind) {
    case 'rejected':
      return {
        result: outcome.reason.code === 'transfer_failed' ? 'failed' : 'refused',
        reason: rejection(outcome.reason),
      };
    case 'help':
      if (outcome.invalid) return { result: 'refused', reason: outcome.invalid };
      if (outcome.feature)
        return {
          result: 'refused',
          reason: `${outcome.feature} is not available yet (coming soon).`,
        };
      return { result: 'done', reason: null };
    case 'sent':
      if (transfer?.state === 'failed') {
        return {
          result: 'failed',
          reason: transfer.error ?? 'The transfer failed; nothing moved.',
        };
      }
      return { result: 'done', reason: null };
    case 'video_queued':
      if (charge?.state === 'refused') {
        return { result: 'refused', reason: video?.failure ?? charge.refusalMessage };
      }
      if (video?.state === 'failed') return { result: 'failed', reason: video.failure };
      if (video?.state === 'posted') return { result: 'done', reason: null };
      return {
        result: 'pending',
        reason: 'Video requested: the reply carries it once it is made.',
      };
    case 'preview':
      return { result: 'done', reason: 'Previewed: waiting for "confirm" (10 minutes).' };
    case 'analysis_queued':
      // Done only once it is paid for (or free) and published; a refused charge is a refusal.
      if (charge?.state === 'paid' || charge?.state === 'free')
        return { result: 'done', reason: null };
      if (charge?.state === 'refused') {
        return {
          result: 'refused',
          reason: `No analysis made: ${charge.refusalMessage ?? 'its price could not be charged. Nothing was charged.'}`,
        };
      }
      // Released with a reason: the product would not write it (figures missing, model down)
      // and said why; nothing was charged. That is a refusal with its reason.
      if (charge?.state === 'released' && charge.refusalMessage)
        return { result: 'refused', reason: charge.refusalMessage };
      if (charge?.state === 'released') {
        return {
          result: 'failed',
          reason: 'No analysis made: the AI model did not answer. Nothing was charged.',
        };
      }
      return {
        result: 'pending',
        reason: 'Analysis requested: the reply follows when it is written.',
      };
    case 'promotion_queued':
      return {
        result: 'done',
        reason: 'Promotion accepted: the agent posts it once it is written.',
      };
    case 'subscription_preview':
      return { result: 'done', reason: 'Priced: waiting for "confirm" before paying.' };
    // Edits are new posts on X; the command runs once, for one version (decision 0042).
    case 'edit_not_rerun':
      return {
        result: 'refused',
        reason: `An edit of a post the agent already acted on: edits are not run again. What was done: /receipts/${outcome.actedPostId}`,
      };
    case 'edit_superseded':
      return {
        result: 'refused',
        reason: `This version was edited before the agent acted on it; the newer version was run instead: /receipts/${outcome.newerPostId}`,
      };
    default:
      return { result: 'done', reason: null };
  }
}
