import { and, eq, sql } from 'drizzle-orm';
import { type ArrayElement, anyOf, arrayOf } from '@/db/array-param.ts';
import { batched } from '@/db/batch.ts';
import type { Db } from '@/db/client.ts';
import {
  balanceHolds,
  type TransferRow,
  transfers,
  transferTransactions,
} from '@/db/schema/index.ts';
import type { Leg } from '../legs/index.ts';

/**
 * The transfer flow's writes, one statement per batch of concurrent transfers (db/batch.ts). Each
 * statement is atomic as a whole; a failing one is retried item by item, so every item keeps
 * exactly the atomicity it had when it was sent alone.
 */

type NewTransfer = typeof transfers.$inferInsert & { idempotencyKey: string };

/**
 * Stores intents: one `insert … select from unnest(…) on conflict do nothing returning`, one
 * array parameter per column, so the statement's text and its ten parameters are the same
 * whatever the batch's size (a multi-row `values` list cost drizzle's builder ~0.1 ms per row;
 * decision 0027). An item gets its row, or null when its key was taken (by an earlier request,
 * or by an earlier item of the same batch): the caller then reads the row that holds the key, as
 * after a lost race.
 */
export const insertIntentBatched: (db: Db, values: NewTransfer) => Promise<TransferRow | null> =
  batched('insertIntent', async (db, items: NewTransfer[]) => {
    const first = new Map<string, NewTransfer>();
    for (const item of items)
      if (!first.has(item.idempotencyKey)) first.set(item.idempotencyKey, item);
    const rows = await db
      .insert(transfers)
      .select(intentsSelect([...first.values()]))
      .onConflictDoNothing()
      .returning();
    const byKey = new Map(rows.map((r) => [r.idempotencyKey, r]));
    return items.map((item) => {
      const row = byKey.get(item.idempotencyKey);
      return row && first.get(item.idempotencyKey) === item ? row : null;
    });
  });

/** One column of rows as one array parameter: each value as text, null as NULL. */
function column<R>(rows: R[], f: (row: R) => unknown, type: ArrayElement) {
  return arrayOf(
    rows.map((row) => {
      const value = f(row);
      return value == null ? null : String(value);
    }),
    type,
  );
}

/**
 * Every column of `transfers` in the table's order (drizzle's insert … select lists them all):
 * the intent's own from arrays, the rest as their defaults in the schema (pending, now, null).
 */
function intentsSelect(items: NewTransfer[]) {
  const col = (f: (t: NewTransfer) => unknown, type: ArrayElement) => column(items, f, type);
  return sql`select gen_random_uuid(), u.*, 'pending', null, null, null, null, now(), now(),
      null, null, null
    from unnest(${col((t) => t.idempotencyKey, 'text')}, ${col((t) => t.request, 'text')},
      ${col((t) => t.fromWalletId, 'uuid')}, ${col((t) => t.fromAddress, 'text')},
      ${col((t) => t.toWalletId, 'uuid')}, ${col((t) => t.toAddress, 'text')},
      ${col((t) => t.token, 'text')}, ${col((t) => t.feeTier, 'text')},
      ${col((t) => t.amount, 'bigint')}, ${col((t) => t.fee, 'bigint')}) as u`;
}

type NewLeg = Omit<
  typeof transferTransactions.$inferInsert,
  keyof typeof storedDefaults | 'id' | 'state' | 'createdAt'
>;
/** A new leg's columns that no insert here sets (no default either). */
const storedDefaults = {
  errorMessage: null,
  snapshotOrdinal: null,
  submittedAt: null,
  confirmedAt: null,
  rejectedAt: null,
};
export type StoredPlan = {
  transferId: string;
  amount: bigint;
  fee: bigint;
  legs: NewLeg[];
  /** The key of the hold this transfer spends (its own idempotency key), if it has one. */
  chargesHold: string | null;
};

/**
 * Stores the signed legs of many planned transfers and sets each transfer's final amount and fee
 * in one statement (a data-modifying CTE of the insert): all of it or none. The amounts go as
 * three array parameters joined by `unnest`: one text whatever the batch's size. A transfer that
 * spends a hold marks it charged in the same statement (a second CTE; an empty key list when no
 * transfer of the batch has one), so the money is never counted as both held and spent-free, nor
 * as neither. Returns each item's stored legs in seq order.
 */
export const storePlanBatched: (db: Db, plan: StoredPlan) => Promise<Leg[]> = batched(
  'storePlan',
  async (db, items: StoredPlan[]) => {
    const setAmounts = db.$with('set_amounts').as(
      db
        .update(transfers)
        .set({
          amount: sql`v.amount`,
          fee: sql`v.fee`,
          updatedAt: new Date(),
        })
        .from(
          sql`unnest(${arrayOf(
            items.map((p) => p.transferId),
            'uuid',
          )}, ${arrayOf(
            items.map((p) => p.amount.toString()),
            'bigint',
          )}, ${arrayOf(
            items.map((p) => p.fee.toString()),
            'bigint',
          )}) as v(id, amount, fee)`,
        )
        .where(sql`${transfers.id} = v.id`)
        .returning({ id: transfers.id }),
    );
    const chargeHolds = db.$with('charge_holds').as(
      db
        .update(balanceHolds)
        .set({ state: 'charged', settledAt: new Date() })
        .where(
          and(
            sql`${balanceHolds.idempotencyKey} = ${anyOf(
              items.flatMap((p) => p.chargesHold ?? []),
              'text',
            )}`,
            eq(balanceHolds.state, 'held'),
          ),
        )
        .returning({ id: balanceHolds.id }),
    );
    // Only what the database chose comes back: the rest of each row is what was sent (the
    // signed jsonb, parsed per row, was most of the returned bytes).
    const stored = await db
      .with(setAmounts, chargeHolds)
      .insert(transferTransactions)
      .select(legsSelect(items.flatMap((p) => p.legs)))
      .returning({
        id: transferTransactions.id,
        transferId: transferTransactions.transferId,
        seq: transferTransactions.seq,
        state: transferTransactions.state,
        createdAt: transferTransactions.createdAt,
      });
    // Matched by (transfer, seq), unique: RETURNING's order is not promised.
    const byLeg = new Map(stored.map((r) => [`${r.transferId}:${r.seq}`, r]));
    const rows: Leg[] = items.flatMap((p) =>
      p.legs.map((leg) => ({
        ...storedDefaults,
        ...leg,
        ...byLeg.get(`${leg.transferId}:${leg.seq}`)!,
      })),
    );
    return items.map((p) =>
      rows.filter((l) => l.transferId === p.transferId).sort((a, b) => a.seq - b.seq),
    );
  },
);

/** Every column of `transfer_transactions` in the table's order: a new leg is planned, now. */
function legsSelect(legs: NewLeg[]) {
  const col = (f: (l: NewLeg) => unknown, type: ArrayElement) => column(legs, f, type);
  return sql`select gen_random_uuid(), u.*, 'planned', null, null, now(), null, null, null
    from unnest(${col((l) => l.transferId, 'uuid')}, ${col((l) => l.seq, 'integer')},
      ${col((l) => l.kind, 'text')}, ${col((l) => l.token, 'text')},
      ${col((l) => l.sourceAddress, 'text')}, ${col((l) => l.destinationAddress, 'text')},
      ${col((l) => l.amount, 'bigint')}, ${col((l) => l.parentOrdinal, 'bigint')},
      ${col((l) => l.parentHash, 'text')}, ${col((l) => l.ordinal, 'bigint')},
      ${col((l) => l.hash, 'text')}, ${arrayOf(
        legs.map((l) => JSON.stringify(l.signed)),
        'jsonb',
      )}) as u`;
}
