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
}): { result: ReceiptResult; reason: string | null } {
  const { outcome, transfer } = p;
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
      return { result: 'done', reason: null };
    case 'preview':
      return { result: 'done', reason: 'Previewed: waiting for "confirm" (10 minutes).' };
    case 'analysis_queued':
      return {
        result: 'done',
        reason: 'Analysis requested: the reply follows when it is written.',
      };
    case 'promotion_queued':
      return {
        result: 'done',
        reason: 'Promotion accepted: the agent posts it once it is written.',
      };
    case 'subscription_preview':
      return { result: 'done', reason: 'Priced: waiting for "confirm" before paying.' };
    default:
      return { result: 'done', reason: null };
  }
}
