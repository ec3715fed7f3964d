import { PAID_ITEMS, type PaidItem } from '@/shared/premium-benefits.ts';
import { dayKey } from '@/shared/utc-keys.ts';
import { type PaymentRefusalCode, payTreasury } from '../payments/pay-treasury.ts';
import { getActiveTier, hasPremiumBenefits } from '../subscriptions/index.ts';
import { releaseHold, type TransferDeps } from '../transfers/index.ts';
import {
  type ChargeRow,
  claimFreeSlot,
  finishCharge,
  freeUsesOn,
  getChargeByKey,
  insertPaidCharge,
} from './charges.ts';
import { dailyAllowance, itemPrice } from './terms.ts';

export type AllowanceDeps = TransferDeps & { now: () => Date };

export type ChargeResult =
  | { outcome: 'free'; item: PaidItem; chargeId: string }
  | { outcome: 'paid'; item: PaidItem; chargeId: string; price: bigint; transferId: string }
  | {
      outcome: 'refused';
      item: PaidItem;
      chargeId: string;
      price: bigint;
      /** 'released': the use was cancelled (its work ended undelivered) before any charge. */
      code: PaymentRefusalCode | 'released';
      message: string;
    };

/** One use of a paid item by a user; the idempotency key names the use. */
export type UseOfItem = { userId: string; item: PaidItem; idempotencyKey: string };

/** What a priced use is recorded with (insertPaidCharge), the price taken from the user's tier. */
export type PaidUse = {
  userId: string;
  item: PaidItem;
  day: string;
  idempotencyKey: string;
  price: bigint;
};

/**
 * Decides and settles one use of a paid item (decision 0007): free inside a premium subscriber's
 * daily allowance (per user, per item, per UTC day), else paid at the tier's price from the
 * user's custodial wallet to the treasury, else refused with nothing moved. The idempotency
 * key names the use (e.g. the post id): a replay returns the first answer and never charges
 * twice. A use reserved first (reserveCharge) keeps what was decided then: its free slot, or
 * its price, paid from the hold placed under this key. Network trouble throws; call again with
 * the same key.
 */
export async function chargeFor(deps: AllowanceDeps, p: UseOfItem): Promise<ChargeResult> {
  let row = await findOrStartCharge(deps, p, (paid) => insertPaidCharge(deps.db, paid));
  if (row.state === 'paying' || row.state === 'held') row = await settle(deps, row);
  return toResult(row);
}

/**
 * The charge recorded for the use (a replay), else a free slot of the user's day when the
 * premium allowance has one left, else what `recordPaid` records at the tier's price (the
 * record key is `charge:<idempotencyKey>`). Shared by chargeFor and reserveCharge, which
 * differ only in how a priced use is recorded (to pay now, or held first).
 */
export async function findOrStartCharge(
  deps: AllowanceDeps,
  p: UseOfItem,
  recordPaid: (paid: PaidUse) => Promise<ChargeRow>,
): Promise<ChargeRow> {
  if (!(PAID_ITEMS as readonly string[]).includes(p.item)) {
    throw new TypeError(`unknown paid item "${p.item}"`);
  }
  const key = `charge:${p.idempotencyKey}`;
  const found = await getChargeByKey(deps.db, key);
  if (found) return found;
  const premium = hasPremiumBenefits(await getActiveTier(deps, p));
  const allowance = dailyAllowance(p.item, premium);
  const base = { userId: p.userId, item: p.item, day: dayKey(deps.now()), idempotencyKey: key };
  if (allowance > 0) await claimFreeSlot(deps.db, { ...base, allowance });
  return (
    (await getChargeByKey(deps.db, key)) ??
    (await recordPaid({ ...base, price: itemPrice(p.item, premium) }))
  );
}

async function settle(deps: AllowanceDeps, row: ChargeRow): Promise<ChargeRow> {
  const paid = await payTreasury(deps, {
    userId: row.xUserId,
    amount: row.price,
    idempotencyKey: row.idempotencyKey,
  });
  const patch = paid.ok
    ? { state: 'paid' as const, transferId: paid.transferId }
    : {
        state: 'refused' as const,
        transferId: paid.transferId ?? null,
        refusalCode: paid.code,
        refusalMessage: paid.message,
      };
  await finishCharge(deps.db, row.id, patch);
  // A refused charge leaves nothing to keep aside (a hold is held only until its work ends).
  if (!paid.ok) await releaseHold(deps.db, row.idempotencyKey);
  return { ...row, ...patch };
}

export function toResult(row: ChargeRow): ChargeResult {
  const base = { item: row.item, chargeId: row.id };
  if (row.state === 'free') return { outcome: 'free', ...base };
  if (row.state === 'paid') {
    return { outcome: 'paid', ...base, price: row.price, transferId: row.transferId! };
  }
  if (row.state === 'released') {
    const message = 'This use was cancelled before it was delivered. Nothing was charged.';
    return { outcome: 'refused', ...base, price: row.price, code: 'released', message };
  }
  return {
    outcome: 'refused',
    ...base,
    price: row.price,
    code: (row.refusalCode ?? 'payment_rejected') as PaymentRefusalCode,
    message: row.refusalMessage ?? 'The payment was refused',
  };
}

export type ChargeQuote =
  | { outcome: 'free'; item: PaidItem; freeLeftToday: number; allowancePerDay: number }
  | { outcome: 'price'; item: PaidItem; price: bigint; premium: boolean; allowancePerDay: number };

/** What the next use would cost the user right now; reads only, moves nothing. */
export async function quoteCharge(
  deps: Pick<AllowanceDeps, 'db' | 'now'>,
  p: { userId: string; item: PaidItem },
): Promise<ChargeQuote> {
  const premium = hasPremiumBenefits(await getActiveTier(deps, p));
  const allowancePerDay = dailyAllowance(p.item, premium);
  const used = allowancePerDay
    ? await freeUsesOn(deps.db, { userId: p.userId, item: p.item, day: dayKey(deps.now()) })
    : 0;
  const freeLeftToday = Math.max(0, allowancePerDay - used);
  if (freeLeftToday > 0) return { outcome: 'free', item: p.item, freeLeftToday, allowancePerDay };
  return {
    outcome: 'price',
    item: p.item,
    price: itemPrice(p.item, premium),
    premium,
    allowancePerDay,
  };
}
