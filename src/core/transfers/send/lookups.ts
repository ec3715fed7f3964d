import { sql } from 'drizzle-orm';
import { anyOf } from '@/db/array-param.ts';
import { batched } from '@/db/batch.ts';
import type { Db } from '@/db/client.ts';
import { type TransferRow, transfers, wallets } from '@/db/schema/index.ts';
import type { WalletRecord } from '../../wallets/index.ts';

/**
 * The transfer flow's lookups by one key, shared by every transfer waiting at the same step
 * (db/batch.ts): one `where key = any($1)` per batch (one text whatever the batch's size), each
 * caller gets the row of its own key (a copy: callers never see each other's objects), or null.
 */
function byKey<Row extends object, K extends string>(
  name: string,
  select: (db: Db, keys: K[]) => Promise<Row[]>,
  keyOf: (row: Row) => string | null,
) {
  return batched<K, Row | null>(name, async (db, keys) => {
    const rows = await select(db, [...new Set(keys)]);
    const found = new Map(rows.map((r) => [keyOf(r), r]));
    return keys.map((k) => {
      const row = found.get(k);
      return row ? { ...row } : null;
    });
  });
}

/** The transfer recorded under an idempotency key. */
export const transferByKey: (db: Db, key: string) => Promise<TransferRow | null> = byKey(
  'transferByKey',
  (db, keys) =>
    db
      .select()
      .from(transfers)
      .where(sql`${transfers.idempotencyKey} = ${anyOf(keys, 'text')}`),
  (r) => r.idempotencyKey,
);

/** A transfer by id (under its source's lock: the state it has now). */
export const transferById: (db: Db, id: string) => Promise<TransferRow | null> = byKey(
  'transferById',
  (db, ids) =>
    db
      .select()
      .from(transfers)
      .where(sql`${transfers.id} = ${anyOf(ids, 'uuid')}`),
  (r) => r.id,
);

/**
 * A WalletRecord's columns only: the key columns (three bytea, parsed per row) are never used
 * here (the signing key is read apart, signing-key.ts).
 */
const recordColumns = {
  id: wallets.id,
  xUserId: wallets.xUserId,
  handle: wallets.handle,
  systemRole: wallets.systemRole,
  dagAddress: wallets.dagAddress,
  evmAddress: wallets.evmAddress,
  supersededByWalletId: wallets.supersededByWalletId,
  createdAt: wallets.createdAt,
  boundAt: wallets.boundAt,
} satisfies Record<keyof WalletRecord, unknown>;

type WalletKey = { by: 'user' | 'address'; key: string };

/**
 * getWalletByUser and getWalletByAddress, batched together: a transfer's source (by user) and
 * recipient (by user or address) share one statement, `x_user_id = any($1) or dag_address =
 * any($2)` (both unique), where there were two lanes and so two statements.
 */
const walletLookup = batched('walletLookup', async (db, items: WalletKey[]) => {
  const keys = (by: WalletKey['by']) => [
    ...new Set(items.filter((i) => i.by === by).map((i) => i.key)),
  ];
  const rows = await db
    .select(recordColumns)
    .from(wallets)
    .where(
      sql`${wallets.xUserId} = ${anyOf(keys('user'), 'text')} or ${wallets.dagAddress} = ${anyOf(
        keys('address'),
        'text',
      )}`,
    );
  const byUser = new Map(rows.map((r) => [r.xUserId, r]));
  const byAddress = new Map(rows.map((r) => [r.dagAddress, r]));
  return items.map((i): WalletRecord | null => {
    const row = i.by === 'user' ? byUser.get(i.key) : byAddress.get(i.key);
    return row ? { ...row } : null;
  });
});

/** getWalletByUser, batched: the common case of a transfer's source and recipient. */
export const walletOfUser = (db: Db, xUserId: string) =>
  walletLookup(db, { by: 'user', key: xUserId });

/** getWalletByAddress, batched. */
export const walletAtAddress = (db: Db, address: string) =>
  walletLookup(db, { by: 'address', key: address });
