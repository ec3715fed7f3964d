import { inArray } from 'drizzle-orm';
import { batched } from '@/db/batch.ts';
import type { Db } from '@/db/client.ts';
import { wallets } from '@/db/schema/index.ts';
import {
  dagAddressFromPublicKey,
  publicKeyFromPrivateKey,
} from '@/integrations/constellation/index.ts';
import { getWalletKeyProvider } from './master-keys.ts';
import { sealedKeyColumns } from './wallet-record.ts';
import type { WalletConfig } from './wallet-settings.ts';

/**
 * The encrypted key of each wallet asked for, one select for every signer waiting at that moment
 * (db/batch.ts: concurrent transfers share it; decision 0031).
 */
const signingKeyRow = batched('signingKey', async (db: Db, ids: string[]) => {
  const rows = await db
    .select(sealedKeyColumns)
    .from(wallets)
    .where(inArray(wallets.id, [...new Set(ids)]));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id));
});

/**
 * Public keys of recent signers, by DAG address (an address has one key for ever; a wallet's key
 * changes in a key-compromise sweep, decision 0047, so the wallet id cannot be the key). Public, so keeping them is harmless; knowing one saves deriving it for every signature
 * (the derivation costs about as much as the signature). Bounded: the oldest entry goes first.
 */
const publicKeys = new Map<string, Uint8Array>();
const PUBLIC_KEYS_KEPT = 10_000;

function publicKeyOf(walletId: string, dagAddress: string, privateKey: Uint8Array): Uint8Array {
  const known = publicKeys.get(dagAddress);
  if (known) return known;
  const publicKey = publicKeyFromPrivateKey(privateKey);
  // Decryption is bound to the address (AAD); this proves the key pair is the address's too.
  if (dagAddressFromPublicKey(publicKey) !== dagAddress) {
    throw new Error(`wallet ${walletId}: key does not match its address`);
  }
  if (publicKeys.size >= PUBLIC_KEYS_KEPT) publicKeys.delete(publicKeys.keys().next().value ?? '');
  publicKeys.set(dagAddress, publicKey);
  return publicKey;
}

/**
 * Runs `sign` with the wallet's private key (and its public key) and wipes the private key once
 * `sign` has returned or settled. The only caller of the provider's decrypt outside rotation: the key never leaves this
 * callback (not returned, logged or stored).
 */
export async function withWalletSigningKey<T>(
  deps: { db: Db; config: WalletConfig },
  walletId: string,
  sign: (privateKey: Uint8Array, publicKey: Uint8Array) => T | Promise<T>,
): Promise<T> {
  const row = await signingKeyRow(deps.db, walletId);
  if (!row) throw new Error(`wallet ${walletId} not found`);
  const privateKey = getWalletKeyProvider(deps.config).decrypt(row, row.dagAddress);
  try {
    return await sign(privateKey, publicKeyOf(walletId, row.dagAddress, privateKey));
  } finally {
    privateKey.fill(0);
  }
}
