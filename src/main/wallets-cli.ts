import {
  closeWalletKeyProvider,
  getWalletKeyProvider,
  rotateWalletKeys,
  verifyMasterKeys,
  walletCountsByKeyId,
} from '@/core/wallets/index.ts';
import { loadConfigOrExit } from './config.ts';
import { openStartDatabase } from './open-start-database.ts';

const USAGE = `usage: npm run wallets:rotate-keys [-- --dry-run] [-- --batch-size N]

Re-wraps every wallet private key under the current master key: the first of
WALLET_MASTER_KEYS, or with WALLET_KEY_PROVIDER=pkcs11 the first of WALLET_PKCS11_KEY_LABELS.
The old keys must still be configured (after the new one) until it has finished. Resumable:
run it again after a crash and it finishes the rest (decision 0046).`;

/**
 * `npm run wallets:rotate-keys`: prints the wallet rows per key id, then (unless --dry-run)
 * re-wraps every row not under the current key, in batches, printing progress. With the
 * embedded database, stop the server first (one process opens it).
 */
async function main(args: string[]) {
  if (args.includes('--help')) return console.info(USAGE);
  const dryRun = args.includes('--dry-run');
  const sizeAt = args.indexOf('--batch-size');
  const batchSize = sizeAt >= 0 ? Number(args[sizeAt + 1]) : 200;
  if (!Number.isInteger(batchSize) || batchSize < 1) throw new Error(USAGE);
  const config = loadConfigOrExit();
  const database = await openStartDatabase(config);
  try {
    await verifyMasterKeys({ db: database.db, config });
    const before = await walletCountsByKeyId(database.db);
    const current = getWalletKeyProvider(config).currentKeyId;
    console.info(`current key: ${current}`);
    for (const [keyId, n] of Object.entries(before)) {
      console.info(`  ${keyId}: ${n} wallet(s)${keyId === current ? ' (current)' : ' to re-wrap'}`);
    }
    if (dryRun) return console.info('dry run: nothing changed');
    const { rewrapped } = await rotateWalletKeys(
      { db: database.db, config },
      { batchSize, afterBatch: ({ rewrapped }) => console.info(`  re-wrapped ${rewrapped}`) },
    );
    const after = await walletCountsByKeyId(database.db);
    console.info(`re-wrapped ${rewrapped} wallet key(s); now ${JSON.stringify(after)}`);
  } finally {
    closeWalletKeyProvider(config);
    await database.close();
  }
}

main(process.argv.slice(2)).catch((err) => {
  // The refusal's message says what to do; a stack trace would not.
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
