import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '@/db/client.ts';
import { wallets } from '@/db/schema/index.ts';
import { toWalletRecord, type WalletRecord } from './wallet-record.ts';

const first = async (rows: Promise<(typeof wallets.$inferSelect)[]>) => {
  const [row] = await rows;
  return row ? toWalletRecord(row) : null;
};

export function getWalletByUser(deps: { db: Db }, params: { xUserId: string }) {
  return first(deps.db.select().from(wallets).where(eq(wallets.xUserId, params.xUserId)));
}

export function getWalletByAddress(
  deps: { db: Db },
  params: { address: string },
): Promise<WalletRecord | null> {
  return first(deps.db.select().from(wallets).where(eq(wallets.dagAddress, params.address)));
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function getWalletById(deps: { db: Db }, params: { walletId: string }) {
  if (!UUID.test(params.walletId)) return null;
  return first(deps.db.select().from(wallets).where(eq(wallets.id, params.walletId)));
}

export function getWalletBySystemRole(deps: { db: Db }, params: { role: string }) {
  return first(deps.db.select().from(wallets).where(eq(wallets.systemRole, params.role)));
}

/**
 * The handle's wallet that no user has claimed yet (handle already normalized). Legacy only:
 * sends bind to X ids now, and the migration step closes these (decision 0048).
 */
export function getOpenHandleWallet(deps: { db: Db }, params: { handle: string }) {
  return first(
    deps.db
      .select()
      .from(wallets)
      .where(
        and(
          eq(wallets.handle, params.handle),
          isNull(wallets.xUserId),
          isNull(wallets.supersededByWalletId),
          isNull(wallets.handleClosedAt),
        ),
      ),
  );
}
