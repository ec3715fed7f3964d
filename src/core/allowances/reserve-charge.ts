import type { Db } from '../../db/client.ts';
import { PAID_ITEMS, type PaidItem } from '../../shared/premium-benefits.ts';
import { notEnoughUpMessage } from '../payments/pay-treasury.ts';
import { getActiveTier, hasPremiumBenefits } from '../subscriptions/index.ts';
import { placeHold, releaseHold } from '../transfers/index.ts';
import { type AllowanceDeps, type ChargeResult, toResult } from './charge-for.ts';
import { claimFreeSlot, getChargeByKey, insertPaidCharge, markReleased } from './charges.ts';
import { dailyAllowance, itemPrice, utcDay } from './terms.ts';

export type ReserveResult =
  | (ChargeResult & {
      /** On a refusal for want of UP, what the wallet had that was not held already. */
      available?: bigint;
    })
  | { outcome: 'held'; item: PaidItem; chargeId: string; price: bigint };

/**
 * Reserves one use of a paid item when the request is accepted, before any work (decision
 * 0037): a free slot of a premium subscriber's day, or the price held in the user's wallet
 * (balance_holds, under the key the charge's transfer will carry), so nothing the user sends
 * meanwhile can leave the work unpaid. A wallet that cannot hold the price is refused at once
 * with the same words as a refused payment; the refusal is recorded under the key. chargeFor
 * with the same key then charges what was reserved; releaseCharge gives it back. Idempotent:
 * a replay answers what the first call decided.
 */
export async function reserveCharge(
  deps: AllowanceDeps,
  p: { userId: string; item: PaidItem; idempotencyKey: string },
): Promise<ReserveResult> {
  if (!(PAID_ITEMS as readonly string[]).includes(p.item)) {
    throw new TypeError(`unknown paid item "${p.item}"`);
  }
  const key = `charge:${p.idempotencyKey}`;
  let row = await getChargeByKey(deps.db, key);
  let available: bigint | undefined;
  if (!row) {
    const premium = hasPremiumBenefits(await getActiveTier(deps, p));
    const day = utcDay(deps.now());
    const allowance = dailyAllowance(p.item, premium);
    const base = { userId: p.userId, item: p.item, day, idempotencyKey: key };
    if (allowance > 0) await claimFreeSlot(deps.db, { ...base, allowance });
    row = await getChargeByKey(deps.db, key);
    if (!row) {
      const price = itemPrice(p.item, premium);
      // The hold first: a crash before the record leaves a hold that the retry finds by key.
      const held = await placeHold(deps, {
        from: { xUserId: p.userId },
        token: 'UP',
        amount: price,
        idempotencyKey: key,
      });
      if (!held.ok) available = held.available;
      row = await insertPaidCharge(deps.db, {
        ...base,
        price,
        ...(held.ok
          ? { state: 'held' }
          : {
              state: 'refused',
              refusal: {
                code: 'insufficient_funds',
                message: notEnoughUpMessage(price, held.available),
              },
            }),
      });
    }
  }
  if (row.state === 'held') {
    return { outcome: 'held', item: row.item, chargeId: row.id, price: row.price };
  }
  return {
    ...toResult(row),
    ...(row.state === 'refused' && available !== undefined && { available }),
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
