import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { wallets } from '../../db/schema/index.ts';
import { decryptPrivateKey } from './key-encryption.ts';
import { getKeyring } from './master-keys.ts';
import type { WalletConfig } from './wallet-settings.ts';

/**
 * Runs `sign` with the wallet's private key and wipes the key afterwards. The only caller of
 * decryptPrivateKey: the key never leaves this callback (not returned, logged or stored).
 */
export async function withWalletSigningKey<T>(
  deps: { db: Db; config: WalletConfig },
  walletId: string,
  sign: (privateKey: Uint8Array) => T,
): Promise<T> {
  const [row] = await deps.db
    .select({
      dagAddress: wallets.dagAddress,
      keyId: wallets.keyId,
      nonce: wallets.keyNonce,
      ciphertext: wallets.keyCiphertext,
      authTag: wallets.keyAuthTag,
    })
    .from(wallets)
    .where(eq(wallets.id, walletId));
  if (!row) throw new Error(`wallet ${walletId} not found`);
  const privateKey = decryptPrivateKey(getKeyring(deps.config), row, row.dagAddress);
  try {
    return sign(privateKey);
  } finally {
    privateKey.fill(0);
  }
}
