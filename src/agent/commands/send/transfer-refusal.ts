import { TransferError } from '@/core/transfers/index.ts';
import type { Token } from '@/shared/tokens.ts';
import type { RejectReason } from '../../engine/outcome.ts';

/**
 * The one place a transfer's refusal (core's TransferError) becomes the author's reason
 * (send-reply.ts words it); null for anything else, which is temporary (the job is retried).
 */
export function transferRefusal(
  err: unknown,
  p: { token: Token; address: string },
): RejectReason | null {
  if (!(err instanceof TransferError)) return null;
  switch (err.code) {
    case 'insufficient_balance': {
      const { balance, needed } = err.details;
      return {
        code: 'insufficient_balance',
        token: p.token,
        balance: (balance ?? 0n).toString(),
        needed: (needed ?? 0n).toString(),
        address: p.address,
      };
    }
    case 'invalid_address':
    case 'amount_not_positive':
      return { code: err.code };
    case 'same_wallet':
      return { code: 'self_send' };
    default:
      return { code: 'transfer_failed', message: err.message };
  }
}
