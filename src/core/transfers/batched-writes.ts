import { inArray, sql } from 'drizzle-orm';
import { arrayOf } from '../../db/array-param.ts';
import { batched } from '../../db/batch.ts';
import type { Db } from '../../db/client.ts';
import { type TransferRow, transfers, transferTransactions } from '../../db/schema/index.ts';
import type { Leg } from './legs.ts';

/**
 * The transfer flow's writes, one statement per batch of concurrent transfers (batch.ts). Each
 * statement is atomic as a whole; a failing one is retried item by item, so every item keeps
 * exactly the atomicity it had when it was sent alone.
 */

type NewTransfer = typeof transfers.$inferInsert & { idempotencyKey: string };

/**
 * Stores intents: one multi-row `insert … on conflict do nothing returning`. An item gets its
 * row, or null when its key was taken (by an earlier request, or by an earlier item of the same
 * batch): the caller then reads the row that holds the key, as after a lost race.
 */
export const insertIntentBatched: (db: Db, values: NewTransfer) => Promise<TransferRow | null> =
  batched('insertIntent', async (db, items: NewTransfer[]) => {
    const first = new Map<string, NewTransfer>();
    for (const item of items)
      if (!first.has(item.idempotencyKey)) first.set(item.idempotencyKey, item);
    const rows = await db
      .insert(transfers)
      .values([...first.values()])
      .onConflictDoNothing()
      .returning();
    const byKey = new Map(rows.map((r) => [r.idempotencyKey, r]));
    return items.map((item) => {
      const row = byKey.get(item.idempotencyKey);
      return row && first.get(item.idempotencyKey) === item ? row : null;
    });
  });

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
export type StoredPlan = { transferId: string; amount: bigint; fee: bigint; legs: NewLeg[] };

/**
 * Stores the signed legs of many planned transfers and sets each transfer's final amount and fee
 * in one statement (a data-modifying CTE of the insert): all of it or none. The amounts go as
 * three array parameters joined by `unnest`: one text whatever the batch's size. Returns each
 * item's stored legs in seq order.
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
    // Only what the database chose comes back: the rest of each row is what was sent (the
    // signed jsonb, parsed per row, was most of the returned bytes).
    const stored = await db
      .with(setAmounts)
      .insert(transferTransactions)
      .values(items.flatMap((p) => p.legs))
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

type Submitted = { id: string; submittedAt: Date | null };

/**
 * pending → submitted for many transfers (the state their legs just reached): one update.
 * Undefined for an item another writer already moved on (the caller reads it again).
 */
export const markTransferSubmittedBatched: (
  db: Db,
  item: Submitted,
) => Promise<TransferRow | undefined> = batched(
  'markTransferSubmitted',
  async (db, items: Submitted[]) => {
    const withTime = items.filter((t) => t.submittedAt);
    const submittedAt =
      withTime.length === 0
        ? sql`${transfers.submittedAt}`
        : sql`coalesce(${transfers.submittedAt}, case ${transfers.id} ${sql.join(
            withTime.map(
              (t) => sql`when ${t.id}::uuid then ${t.submittedAt!.toISOString()}::timestamptz`,
            ),
            sql` `,
          )} end)`;
    const rows = await db
      .update(transfers)
      .set({ state: 'submitted', updatedAt: new Date(), submittedAt })
      .where(
        sql`${inArray(
          transfers.id,
          items.map((t) => t.id),
        )} and ${transfers.state} in ('pending', 'submitted')`,
      )
      .returning();
    const byId = new Map(rows.map((r) => [r.id, r]));
    return items.map((t) => {
      const row = byId.get(t.id);
      return row ? { ...row } : undefined;
    });
  },
);
