import { inArray } from 'drizzle-orm';
import { batched } from '../../db/batch.ts';
import type { Db } from '../../db/client.ts';
import { wallets } from '../../db/schema/index.ts';
import { decryptPrivateKey } from './key-encryption.ts';
import { getKeyring } from './master-keys.ts';
import type { WalletConfig } from './wallet-settings.ts';

/**
 * The encrypted key of each wallet asked for, one select for every signer waiting at that moment
 * (db/batch.ts: concurrent transfers share it, issue 11).
 */
const signingKeyRow = batched('signingKey', async (db: Db, ids: string[]) => {
  const rows = await db
    .select({
      id: wallets.id,
      dagAddress: wallets.dagAddress,
      keyId: wallets.keyId,
      nonce: wallets.keyNonce,
      ciphertext: wallets.keyCiphertext,
      authTag: wallets.keyAuthTag,
    })
    .from(wallets)
    .where(inArray(wallets.id, [...new Set(ids)]));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id));
});

/**
 * Runs `sign` with the wallet's private key and wipes the key afterwards. The only caller of
 * decryptPrivateKey: the key never leaves this callback (not returned, logged or stored).
 */
export async function withWalletSigningKey<T>(
  deps: { db: Db; config: WalletConfig },
  walletId: string,
  sign: (privateKey: Uint8Array) => T,
): Promise<T> {
  const row = await signingKeyRow(deps.db, walletId);
  if (!row) throw new Error(`wallet ${walletId} not found`);
  const privateKey = decryptPrivateKey(getKeyring(deps.config), row, row.dagAddress);
  try {
    return sign(privateKey);
  } finally {
    privateKey.fill(0);
  }
}
