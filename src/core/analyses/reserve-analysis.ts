import type { Db } from '@/db/client.ts';
import { type AllowanceDeps, releaseCharge, reserveCharge } from '../allowances/index.ts';

/** The paid use one analysis request is: reserved when accepted, charged before publishing. */
export const analysisUse = (postId: string) => `analysis:${postId}`;

/**
 * Reserves the analysis asked for by `postId` before any model work (decision 0037): a free
 * daily use, or its price held in the requester's wallet until runTokenAnalysis charges it.
 * Refused at once when the wallet cannot hold the price (`balance`: what it had free, when known).
 */
export async function reserveAnalysis(
  deps: AllowanceDeps,
  p: { postId: string; userId: string },
): Promise<
  { ok: true } | { ok: false; price: bigint; balance: bigint | null; networkFee: bigint }
> {
  const r = await reserveCharge(deps, {
    userId: p.userId,
    item: 'token_analysis',
    idempotencyKey: analysisUse(p.postId),
  });
  if (r.outcome !== 'refused') return { ok: true };
  return {
    ok: false,
    price: r.price,
    balance: r.available ?? null,
    networkFee: r.networkFee ?? 0n,
  };
}

/**
 * The analysis will not be delivered (the model stayed down, or the figures it needs are
 * missing): what was reserved goes back, with the reason the receipt gives.
 */
export const releaseAnalysis = (db: Db, p: { postId: string; reason?: string }) =>
  releaseCharge(db, {
    idempotencyKey: analysisUse(p.postId),
    ...(p.reason && { reason: { code: 'analysis_not_written', message: p.reason } }),
  });
