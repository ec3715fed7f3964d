import type { RejectReason } from '../../engine/outcome.ts';
import { addUpTo, amt, cost } from '../../replies/reply-words.ts';

export type AnalyzeRejectReason = Extract<
  RejectReason,
  { code: 'analysis_not_configured' | 'analysis_unpaid' | 'analysis_on_x_only' }
>;

/** Why no analysis was queued (the analysis itself is answered by analysis-reply.ts). */
export function analyzeRejection(r: AnalyzeRejectReason): string {
  switch (r.code) {
    case 'analysis_not_configured':
      return 'Token analysis is not available on this server (no AI model is configured).';
    case 'analysis_unpaid':
      return `No analysis made: an analysis costs ${cost(r.price, r.networkFee)} and your balance is ${amt(r.balance, 'UP')}. Nothing was charged.${addUpTo(r.address)}`;
    case 'analysis_on_x_only':
      return 'Token analysis answers posts on X: mention me there with "analyze $UP".';
  }
}
