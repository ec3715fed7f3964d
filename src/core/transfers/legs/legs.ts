import { and, asc, eq, gte, inArray, lte, ne, sql } from 'drizzle-orm';
import { anyOf } from '@/db/array-param.ts';
import type { Db } from '@/db/client.ts';
import { type TransferTransactionRow, transferTransactions } from '@/db/schema/index.ts';
import {
  parseSignedTransaction,
  type SignedTransaction,
  signedTransactionToWire,
} from '@/integrations/constellation/index.ts';
import type { LegState } from '../model/index.ts';
import { legStateColumns, liveLegsAfterBatched, markSubmittedBatched } from './legs-batched.ts';

/** A leg = one signed network transaction of a transfer (payment or fee). */
export type Leg = TransferTransactionRow;

/** jsonb form of a signed transaction: every integer as a decimal string (exact). */
export function signedToStored(signed: SignedTransaction) {
  const wire = signedTransactionToWire(signed);
  const v = wire.value;
  return {
    ...wire,
    value: {
      ...v,
      amount: v.amount.toString(),
      fee: v.fee.toString(),
      parent: { ordinal: v.parent.ordinal.toString(), hash: v.parent.hash },
    },
  };
}

export const storedToSigned = (stored: unknown): SignedTransaction =>
  parseSignedTransaction(stored);

export function legsOfTransfer(db: Db, transferId: string): Promise<Leg[]> {
  return db
    .select()
    .from(transferTransactions)
    .where(eq(transferTransactions.transferId, transferId))
    .orderBy(asc(transferTransactions.seq));
}

const chainOf = (source: string, token: string) =>
  and(eq(transferTransactions.sourceAddress, source), eq(transferTransactions.token, token));

/**
 * Our live transactions after `ordinal` on a source's chain, in one query: the newest (what the
 * next one must follow, when it is past `ordinal`) and their sum (spent, but not yet in the
 * balance read at `ordinal`), with the wallet's live holds other than the one under `key` (the
 * asking transfer's idempotency key). Shared with the other chains being planned
 * (legs-batched.ts).
 */
export function liveLegsAfter(
  db: Db,
  chain: { source: string; token: string; ordinal: bigint; key: string },
) {
  return liveLegsAfterBatched(db, chain);
}

export function legsInStates(db: Db, source: string, token: string, states: LegState[]) {
  return db
    .select()
    .from(transferTransactions)
    .where(and(chainOf(source, token), inArray(transferTransactions.state, states)))
    .orderBy(asc(transferTransactions.ordinal));
}

/**
 * Does the chain ending at `headHash` pass through `target`? Walks parent links through our own
 * live transactions from the head down to the target's ordinal. False as soon as a link is not
 * one of ours (someone else's transaction, or a different branch).
 */
export async function chainPassesThrough(
  db: Db,
  head: { hash: string; ordinal: bigint },
  target: Pick<Leg, 'sourceAddress' | 'token' | 'hash' | 'ordinal'>,
): Promise<boolean> {
  const rows = await db
    .select({ hash: transferTransactions.hash, parentHash: transferTransactions.parentHash })
    .from(transferTransactions)
    .where(
      and(
        chainOf(target.sourceAddress, target.token),
        ne(transferTransactions.state, 'rejected'),
        gte(transferTransactions.ordinal, target.ordinal),
        lte(transferTransactions.ordinal, head.ordinal),
      ),
    );
  const parentOf = new Map(rows.map((r) => [r.hash, r.parentHash]));
  let hash: string | undefined = head.hash;
  for (let ordinal = head.ordinal; ordinal > target.ordinal && hash; ordinal--) {
    hash = parentOf.get(hash);
  }
  return hash === target.hash && parentOf.has(hash);
}

/**
 * setLegState for several legs in one update; `legs` take the states stored (a leg another
 * writer already moved keeps what it had).
 */
export async function setLegsState(
  db: Db,
  legs: Pick<Leg, 'id'>[],
  state: LegState,
  extra: { errorMessage?: string; snapshotOrdinal?: bigint } = {},
) {
  if (legs.length === 0) return;
  if (state === 'submitted' && Object.keys(extra).length === 0) {
    // The hot case, after each first submission: shared with concurrent transfers.
    const moved = await markSubmittedBatched(
      db,
      legs.map((l) => l.id),
    );
    const byId = new Map(moved.map((u) => [u.id, u]));
    for (const leg of legs) Object.assign(leg, byId.get(leg.id) ?? {});
    return;
  }
  const now = new Date();
  const updated = await db
    .update(transferTransactions)
    .set({
      state,
      ...(state === 'submitted' ? { submittedAt: now } : {}),
      ...(state === 'confirmed' ? { confirmedAt: now } : {}),
      ...(state === 'rejected' ? { rejectedAt: now, errorMessage: extra.errorMessage } : {}),
      ...(extra.snapshotOrdinal !== undefined ? { snapshotOrdinal: extra.snapshotOrdinal } : {}),
    })
    .where(
      and(
        sql`${transferTransactions.id} = ${anyOf(
          legs.map((l) => l.id),
          'uuid',
        )}`,
        inArray(
          transferTransactions.state,
          state === 'submitted' ? ['planned'] : ['planned', 'submitted'],
        ),
      ),
    )
    .returning(legStateColumns);
  const byId = new Map(updated.map((u) => [u.id, u]));
  for (const leg of legs) Object.assign(leg, byId.get(leg.id) ?? {});
}

/** Moves a leg forward only: planned → submitted → confirmed, or → rejected; finals stay. */
export async function setLegState(
  db: Db,
  leg: Pick<Leg, 'id'>,
  state: LegState,
  extra: { errorMessage?: string; snapshotOrdinal?: bigint } = {},
) {
  // A copy: the batch form updates the legs it is given, this one leaves the caller's alone.
  await setLegsState(db, [{ id: leg.id }], state, extra);
}
