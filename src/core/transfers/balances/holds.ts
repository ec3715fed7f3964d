import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '@/db/client.ts';
import { type BalanceHoldRow, balanceHolds } from '@/db/schema/index.ts';
import type { Token } from '@/shared/tokens.ts';
import { chainState, liveLegsAfter, withSourceLock } from '../legs/index.ts';
import type { TransferDeps, TransferSource } from '../model/index.ts';
import { resolveSourceWallet } from '../send/index.ts';

/**
 * Longer than any paid job's attempts and queue wait: a hold outliving its work only keeps the
 * owner's money aside until then. Jobs charge or release their holds themselves; this is the
 * safety net for one that never ends (decision 0037).
 */
export const HOLD_TTL_MS = 24 * 60 * 60_000;

export type HoldOutcome =
  | { ok: true; hold: BalanceHoldRow }
  | { ok: false; code: 'insufficient_balance'; available: bigint; needed: bigint };

/**
 * Sets `amount` aside in the source's wallet for the transfer that will later carry
 * `idempotencyKey`: only that transfer may spend it; every other spend from the wallet sees it
 * as gone (the plan subtracts live holds). Placed under the wallet's source lock, so a transfer
 * being planned and a hold being placed never both count the same money as free:
 * available = network balance − our live outgoing legs − other live holds, read as the plan
 * reads it (a kept chain view, read again before refusing). Idempotent by key.
 */
export async function placeHold(
  deps: TransferDeps,
  p: { from: TransferSource; token: Token; amount: bigint; idempotencyKey: string },
): Promise<HoldOutcome> {
  const existing = await holdByKey(deps.db, p.idempotencyKey);
  if (existing) return { ok: true, hold: existing };
  const wallet = await resolveSourceWallet(deps, p.from);
  const source = wallet.dagAddress;
  return withSourceLock(deps.db, source, async (db) => {
    const again = await holdByKey(db, p.idempotencyKey);
    if (again) return { ok: true, hold: again };
    const chain = { source, token: p.token, key: p.idempotencyKey };
    const availableNow = async (fresh: boolean) => {
      const network = await chainState(deps.constellation, p.token, source, { fresh });
      const ours = await liveLegsAfter(db, { ...chain, ordinal: network.networkRef.ordinal });
      return { available: network.balance - ours.spent - ours.held, fresh: network.fresh };
    };
    let read = await availableNow(false);
    if (read.available < p.amount && !read.fresh) read = await availableNow(true);
    if (read.available < p.amount) {
      const available = read.available > 0n ? read.available : 0n;
      return { ok: false, code: 'insufficient_balance', available, needed: p.amount };
    }
    await db
      .insert(balanceHolds)
      .values({
        idempotencyKey: p.idempotencyKey,
        address: source,
        token: p.token,
        amount: p.amount,
        expiresAt: sql`now() + ${`${HOLD_TTL_MS} milliseconds`}::interval`,
      })
      .onConflictDoNothing();
    return { ok: true, hold: (await holdByKey(db, p.idempotencyKey))! };
  });
}

/**
 * Gives a hold's money back to its wallet: the work it paid for ended without a charge. A hold
 * already charged (its transfer took it over) or released stays as it is. Idempotent.
 */
export async function releaseHold(db: Db, idempotencyKey: string): Promise<void> {
  await db
    .update(balanceHolds)
    .set({ state: 'released', settledAt: new Date() })
    .where(and(eq(balanceHolds.idempotencyKey, idempotencyKey), eq(balanceHolds.state, 'held')));
}

/**
 * Marks holds past their expiry released. They already count for nothing (every read skips
 * them); this keeps the index of live holds to the live ones. Returns how many.
 */
export async function releaseExpiredHolds(db: Db): Promise<number> {
  const released = await db
    .update(balanceHolds)
    .set({ state: 'released', settledAt: new Date() })
    .where(and(eq(balanceHolds.state, 'held'), sql`${balanceHolds.expiresAt} <= now()`))
    .returning({ id: balanceHolds.id });
  return released.length;
}

/** What live holds keep aside in a wallet for one token (expired ones no longer count). */
export async function heldAmount(db: Db, p: { address: string; token: Token }): Promise<bigint> {
  const [row] = await db
    .select({ total: sql<string | null>`sum(${balanceHolds.amount})::text` })
    .from(balanceHolds)
    .where(
      and(
        eq(balanceHolds.address, p.address),
        eq(balanceHolds.token, p.token),
        eq(balanceHolds.state, 'held'),
        sql`${balanceHolds.expiresAt} > now()`,
      ),
    );
  return BigInt(row?.total ?? 0);
}

async function holdByKey(db: Db, idempotencyKey: string) {
  const [row] = await db
    .select()
    .from(balanceHolds)
    .where(eq(balanceHolds.idempotencyKey, idempotencyKey));
  return row ?? null;
}
