import { inArray } from 'drizzle-orm';
import { batched } from '../../db/batch.ts';
import type { Db } from '../../db/client.ts';
import { type TransferRow, transfers, wallets } from '../../db/schema/index.ts';
import { toWalletRecord, type WalletRecord } from '../wallets/index.ts';

/**
 * The transfer flow's lookups by one key, shared by every transfer waiting at the same step
 * (batch.ts): one `where key in (…)` per batch, each caller gets the row of its own key
 * (a copy: callers never see each other's objects), or null.
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
  (db, keys) => db.select().from(transfers).where(inArray(transfers.idempotencyKey, keys)),
  (r) => r.idempotencyKey,
);

/** A transfer by id (under its source's lock: the state it has now). */
export const transferById: (db: Db, id: string) => Promise<TransferRow | null> = byKey(
  'transferById',
  (db, ids) => db.select().from(transfers).where(inArray(transfers.id, ids)),
  (r) => r.id,
);

const walletByUserRow = byKey(
  'walletByUser',
  (db, ids: string[]) => db.select().from(wallets).where(inArray(wallets.xUserId, ids)),
  (r) => r.xUserId,
);
const walletByAddressRow = byKey(
  'walletByAddress',
  (db, addresses: string[]) =>
    db.select().from(wallets).where(inArray(wallets.dagAddress, addresses)),
  (r) => r.dagAddress,
);

/** getWalletByUser, batched: the common case of a transfer's source and recipient. */
export async function walletOfUser(db: Db, xUserId: string): Promise<WalletRecord | null> {
  const row = await walletByUserRow(db, xUserId);
  return row ? toWalletRecord(row) : null;
}

/** getWalletByAddress, batched. */
export async function walletAtAddress(db: Db, address: string): Promise<WalletRecord | null> {
  const row = await walletByAddressRow(db, address);
  return row ? toWalletRecord(row) : null;
}
