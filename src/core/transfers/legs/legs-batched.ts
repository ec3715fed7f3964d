import { and, asc, eq, or, type SQLWrapper, sql } from 'drizzle-orm';
import { anyOf, arrayOf } from '@/db/array-param.ts';
import { batched } from '@/db/batch.ts';
import type { Db } from '@/db/client.ts';
import { rowsOf } from '@/db/rows-of.ts';
import {
  type TransferTransactionRow as Leg,
  type TransferRow,
  transfers,
  transferTransactions,
} from '@/db/schema/index.ts';

/**
 * The per-chain reads of planning, batched across the chains being planned at the same moment
 * (db/batch.ts). Each item is one chain whose lock its caller holds, so a batch never holds two
 * items of one chain and each item reads what it would have read alone.
 */

/**
 * What a leg takes from its source: its amount and the network fee it pays (fee-less rate
 * limit, send/network-fee.ts). The fee lives only in the signed bytes, the one place the network
 * reads it. Given the leg's `amount` and `signed` columns (a table's or an alias's).
 */
export const legOutflow = (amount: SQLWrapper, signed: SQLWrapper) =>
  sql`(${amount} + coalesce((${signed}->'value'->>'fee')::int8, 0))`;

/** `key`: the idempotency key of the transfer (or hold) asking; its own hold is not "other". */
type ChainAfter = { source: string; token: string; ordinal: bigint; key: string };
export type LiveLegs = {
  head: { ordinal: bigint; hash: string } | null;
  spent: bigint;
  /** Live holds on this wallet and token other than the asker's own (balance_holds). */
  held: bigint;
  /** Whether a hold under the asker's own key is still held: its transfer takes it over. */
  ownHold: boolean;
};

/**
 * liveLegsAfter for many chains: one aggregate over the items (five array parameters joined by
 * `unnest`: one text whatever the batch's size), one row per item (a left join, so a chain with
 * no live legs after its ordinal still answers, with nulls). The holds come from a lateral
 * aggregate over the partial index of live holds: an empty index probe for a wallet with none,
 * in the same statement (decision 0037).
 */
export const liveLegsAfterBatched: (db: Db, item: ChainAfter) => Promise<LiveLegs> = batched(
  'liveLegsAfter',
  async (db, items: ChainAfter[]) => {
    const values = sql`unnest(${arrayOf(
      items.map((_, i) => String(i)),
      'bigint',
    )}, ${arrayOf(
      items.map((c) => c.source),
      'text',
    )}, ${arrayOf(
      items.map((c) => c.token),
      'text',
    )}, ${arrayOf(
      items.map((c) => c.ordinal.toString()),
      'bigint',
    )}, ${arrayOf(
      items.map((c) => c.key),
      'text',
    )})`;
    const result =
      await db.execute(sql`select v.i, sum(${legOutflow(sql.raw('t.amount'), sql.raw('t.signed'))})::text as total,
        max(t.ordinal)::text as head_ordinal,
        (array_agg(t.hash order by t.ordinal desc))[1] as head_hash,
        h.held::text as held, h.own
      from ${values} as v(i, source, token, after, key)
      cross join lateral (select
          coalesce(sum(b.amount) filter (where b.idempotency_key <> v.key
            and b.expires_at > now()), 0) as held,
          coalesce(bool_or(b.idempotency_key = v.key), false) as own
        from balance_holds b
        where b.address = v.source and b.token = v.token and b.state = 'held') as h
      left join transfer_transactions t on t.source_address = v.source and t.token = v.token
        and t.state <> 'rejected' and t.ordinal > v.after
      group by v.i, h.held, h.own`);
    type Row = {
      i: number;
      total: string | null;
      head_ordinal: string | null;
      head_hash: string | null;
      held: string;
      own: boolean;
    };
    const byItem = new Map(rowsOf<Row>(result).map((r) => [Number(r.i), r]));
    return items.map((_, i) => {
      const row = byItem.get(i);
      const head =
        row?.head_ordinal != null && row.head_hash != null
          ? { ordinal: BigInt(row.head_ordinal), hash: row.head_hash }
          : null;
      return {
        head,
        spent: BigInt(row?.total ?? 0),
        held: BigInt(row?.held ?? 0),
        ownHold: row?.own === true,
      };
    });
  },
);

/**
 * Under the source lock, in one select for every transfer reaching this step at once: the
 * transfer as it is now, the planned (unfinished, never submitted) legs of its chain that a
 * crashed run left, and whether it has legs of its own already.
 */
export const transferUnderLock: (
  db: Db,
  transferId: string,
) => Promise<{ transfer: TransferRow | null; leftovers: Leg[]; hasOwn: boolean }> = batched(
  'transferUnderLock',
  async (db, ids: string[]) => {
    const l = transferTransactions;
    const rows = await db
      .select({ transfer: transfers, leg: l })
      .from(transfers)
      .leftJoin(
        l,
        or(
          and(
            eq(l.state, 'planned'),
            eq(l.sourceAddress, transfers.fromAddress),
            eq(l.token, transfers.token),
          ),
          eq(l.transferId, transfers.id),
        ),
      )
      .where(sql`${transfers.id} = ${anyOf([...new Set(ids)], 'uuid')}`)
      .orderBy(asc(l.ordinal));
    return ids.map((id) => {
      const mine = rows.filter((r) => r.transfer.id === id);
      const legs = mine.flatMap((r) => (r.leg ? [r.leg] : []));
      return {
        transfer: mine[0] ? { ...mine[0].transfer } : null,
        leftovers: legs.filter((g) => g.state === 'planned').map((g) => ({ ...g })),
        hasOwn: legs.some((g) => g.transferId === id),
      };
    });
  },
);

type Marked = Pick<
  Leg,
  'id' | 'state' | 'errorMessage' | 'snapshotOrdinal' | 'submittedAt' | 'confirmedAt' | 'rejectedAt'
>;

/** What a state update changes on a leg: returned by every such update, merged into the leg. */
export const legStateColumns = {
  id: transferTransactions.id,
  state: transferTransactions.state,
  errorMessage: transferTransactions.errorMessage,
  snapshotOrdinal: transferTransactions.snapshotOrdinal,
  submittedAt: transferTransactions.submittedAt,
  confirmedAt: transferTransactions.confirmedAt,
  rejectedAt: transferTransactions.rejectedAt,
};

/**
 * planned → submitted for the legs of many transfers in one update; each caller gets back the
 * rows of its own legs that moved (a leg another writer already moved is not among them).
 */
export const markSubmittedBatched: (db: Db, legIds: string[]) => Promise<Marked[]> = batched(
  'markLegsSubmitted',
  async (db, groups: string[][]) => {
    const now = new Date();
    const rows = await db
      .update(transferTransactions)
      .set({ state: 'submitted', submittedAt: now })
      .where(
        and(
          sql`${transferTransactions.id} = ${anyOf(groups.flat(), 'uuid')}`,
          eq(transferTransactions.state, 'planned'),
        ),
      )
      .returning(legStateColumns);
    const byId = new Map(rows.map((r) => [r.id, r]));
    return groups.map((ids) => ids.flatMap((id) => byId.get(id) ?? []));
  },
);
