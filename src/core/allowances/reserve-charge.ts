import type { Db } from '@/db/client.ts';
import type { PaidItem } from '@/shared/premium-benefits.ts';
import { chargeNetworkFeeAtMost, notEnoughUpMessage } from '../payments/pay-treasury.ts';
import { placeHold, releaseHold } from '../transfers/index.ts';
import {
  type AllowanceDeps,
  type ChargeResult,
  findOrStartCharge,
  toResult,
  type UseOfItem,
} from './charge-for.ts';
import { getChargeByKey, insertPaidCharge, markReleased } from './charges.ts';

export type ReserveResult =
  | (ChargeResult & {
      /** On a refusal for want of UP, what the wallet had that was not held already. */
      available?: bigint;
      /** On such a refusal, the network fee the charge may need on top of the price. */
      networkFee?: bigint;
    })
  | { outcome: 'held'; item: PaidItem; chargeId: string; price: bigint };

/**
 * Reserves one use of a paid item when the request is accepted, before any work (decision
 * 0037): a free slot of a premium subscriber's day, or the price held in the user's wallet
 * (balance_holds, under the key the charge's transfer will carry), so nothing the user sends
 * meanwhile can leave the work unpaid. The hold is the price plus the most the charge can pay
 * the network (decision 0050): a wallet with exactly the price cannot pay a fee-less charge of
 * all it has, so it is refused here, before any work, not after it. A wallet that cannot hold
 * it is refused at once with the same words as a refused payment, recorded under the key. chargeFor
 * with the same key then charges what was reserved; releaseCharge gives it back. Idempotent:
 * a replay answers what the first call decided.
 */
export async function reserveCharge(deps: AllowanceDeps, p: UseOfItem): Promise<ReserveResult> {
  let available: bigint | undefined;
  const networkFee = chargeNetworkFeeAtMost(deps);
  const row = await findOrStartCharge(deps, p, async (paid) => {
    // The hold first: a crash before the record leaves a hold that the retry finds by key.
    const held = await placeHold(deps, {
      from: { xUserId: p.userId },
      token: 'UP',
      amount: paid.price + networkFee,
      idempotencyKey: paid.idempotencyKey,
    });
    if (!held.ok) available = held.available;
    return insertPaidCharge(deps.db, {
      ...paid,
      ...(held.ok
        ? { state: 'held' }
        : {
            state: 'refused',
            refusal: {
              code: 'insufficient_funds',
              message: notEnoughUpMessage(paid.price, held.available, networkFee),
            },
          }),
    });
  });
  if (row.state === 'held') {
    return { outcome: 'held', item: row.item, chargeId: row.id, price: row.price };
  }
  return {
    ...toResult(row),
    ...(row.state === 'refused' && available !== undefined && { available }),
    ...(row.state === 'refused' && row.refusalCode === 'insufficient_funds' && { networkFee }),
  };
}

/**
 * The reserved use's work ended undelivered (failed, cancelled): its hold goes back to the
 * wallet, or its free slot back to the day. A use already charged stays charged. Idempotent.
 * `reason`, when given, is recorded with the release: why the product would not do the work
 * (what was missing), so its receipt is a refusal that says so.
 */
export async function releaseCharge(
  db: Db,
  p: { idempotencyKey: string; reason?: { code: string; message: string } },
): Promise<void> {
  const key = `charge:${p.idempotencyKey}`;
  const row = await getChargeByKey(db, key);
  if (row?.state === 'held' || row?.state === 'free')
    await markReleased(db, row.id, row.state, p.reason);
  // After the record, so a crash between leaves a released use whose hold a retry frees.
  if (!row || row.state === 'held' || row.state === 'released') await releaseHold(db, key);
}
