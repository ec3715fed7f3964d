import { type WalletRow, wallets } from '@/db/schema/index.ts';

/**
 * What the rest of the product sees of a wallet: addresses and ownership, never key material.
 * The encrypted key columns stay inside src/core/wallets (signing-key.ts).
 */
export interface WalletRecord {
  id: string;
  xUserId: string | null;
  handle: string | null;
  systemRole: string | null;
  dagAddress: string;
  evmAddress: string;
  supersededByWalletId: string | null;
  createdAt: Date;
  boundAt: Date | null;
}

export function toWalletRecord(row: WalletRow): WalletRecord {
  return {
    id: row.id,
    xUserId: row.xUserId,
    handle: row.handle,
    systemRole: row.systemRole,
    dagAddress: row.dagAddress,
    evmAddress: row.evmAddress,
    supersededByWalletId: row.supersededByWalletId,
    createdAt: row.createdAt,
    boundAt: row.boundAt,
  };
}

/** X handles: 1-15 of [A-Za-z0-9_], an optional leading @, compared lowercased. */
export function normalizeHandle(handle: string): string | null {
  const bare = handle.trim().replace(/^@/, '');
  return /^[A-Za-z0-9_]{1,15}$/.test(bare) ? bare.toLowerCase() : null;
}

/** PostgreSQL unique_violation, whether raised directly or wrapped by drizzle. */
export function isUniqueViolation(err: unknown): boolean {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as never) {
    if (e.code === '23505') return true;
  }
  return false;
}

/** A wallet's sealed private key and what opens it (key id, nonce, tag; the address is the AAD). */
export const sealedKeyColumns = {
  id: wallets.id,
  dagAddress: wallets.dagAddress,
  keyId: wallets.keyId,
  nonce: wallets.keyNonce,
  ciphertext: wallets.keyCiphertext,
  authTag: wallets.keyAuthTag,
};
