import { and, asc, count, eq, gt, ne } from 'drizzle-orm';
import type { Db } from '@/db/client.ts';
import { wallets } from '@/db/schema/index.ts';
import { getWalletKeyProvider } from './master-keys.ts';
import { sealedKeyColumns } from './wallet-record.ts';
import type { WalletConfig } from './wallet-settings.ts';

/** How many wallet rows each master key id seals (the dry run of a rotation prints this). */
export async function walletCountsByKeyId(db: Db): Promise<Record<string, number>> {
  const rows = await db
    .select({ keyId: wallets.keyId, n: count() })
    .from(wallets)
    .groupBy(wallets.keyId)
    .orderBy(wallets.keyId);
  return Object.fromEntries(rows.map((r) => [r.keyId, Number(r.n)]));
}

export interface RotationOptions {
  batchSize?: number;
  /** Called after each committed batch (progress; tests stop the run here, as a crash would). */
  afterBatch?: (done: { rewrapped: number }) => void | Promise<void>;
}

/**
 * Re-wraps every wallet private key that is not under the provider's current key: decrypted with
 * its old key, sealed with the current one (same AAD), one transaction per batch. Each row's
 * update is guarded on the key id and nonce it was read with, so a crash loses at most the batch
 * in flight (nothing is half-written), and a re-run, or a second run at the same time, finishes
 * the rest and re-wraps no row twice. The private key is wiped as soon as it is sealed again.
 */
export async function rotateWalletKeys(
  deps: { db: Db; config: WalletConfig },
  opts: RotationOptions = {},
): Promise<{ rewrapped: number; current: string }> {
  const provider = getWalletKeyProvider(deps.config);
  const current = provider.currentKeyId;
  const batchSize = opts.batchSize ?? 200;
  let after = '00000000-0000-0000-0000-000000000000';
  let rewrapped = 0;
  for (;;) {
    const batch = await deps.db
      .select(sealedKeyColumns)
      .from(wallets)
      .where(and(ne(wallets.keyId, current), gt(wallets.id, after)))
      .orderBy(asc(wallets.id))
      .limit(batchSize);
    if (batch.length === 0) return { rewrapped, current };
    after = batch[batch.length - 1]?.id as string;
    const sealed = batch.map((row) => {
      const plain = provider.decrypt(row, row.dagAddress);
      try {
        return { row, next: provider.encrypt(plain, row.dagAddress) };
      } finally {
        plain.fill(0);
      }
    });
    rewrapped += await deps.db.transaction(async (tx) => {
      let n = 0;
      for (const { row, next } of sealed) {
        const updated = await tx
          .update(wallets)
          .set({
            keyId: next.keyId,
            keyNonce: next.nonce,
            keyCiphertext: next.ciphertext,
            keyAuthTag: next.authTag,
          })
          .where(
            and(
              eq(wallets.id, row.id),
              eq(wallets.keyId, row.keyId),
              eq(wallets.keyNonce, row.nonce),
            ),
          )
          .returning({ id: wallets.id });
        n += updated.length;
      }
      return n;
    });
    await opts.afterBatch?.({ rewrapped });
  }
}
