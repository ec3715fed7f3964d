import fs from 'node:fs';
import type { Db } from '@/db/client.ts';
import { wallets } from '@/db/schema/index.ts';
import { KeyringError } from './keyring.ts';
import { getWalletKeyProvider } from './master-keys.ts';
import type { WalletConfig } from './wallet-settings.ts';

/**
 * Start-up check of the wallet master keys (decisions 0003, 0046), run before anything signs.
 * Refuses to start when wallets exist but the key file is gone (a new key would be generated
 * and every existing wallet could no longer sign), when a wallet's key id is in neither the
 * keyring nor the HSM, when the key file is group- or world-readable, or when the HSM's token,
 * PIN or key labels are wrong. Each message says what to do.
 */
export async function verifyMasterKeys(deps: { db: Db; config: WalletConfig }) {
  const rows = await deps.db.selectDistinct({ keyId: wallets.keyId }).from(wallets);
  const keyIds = rows.map((r) => r.keyId);
  const w = deps.config.wallets;
  const fromEnv = w.readMasterKeys() !== undefined;
  const file = w.masterKeyFile;
  if (keyIds.length > 0 && w.keyProvider === 'env' && !fromEnv && !fs.existsSync(file)) {
    throw new KeyringError(
      `${file} is missing, but wallets encrypted with key ${keyIds.join(', ')} exist. ` +
        'Restore master.key from your backup (or set WALLET_MASTER_KEYS); a new key would leave ' +
        'those wallets unable to sign.',
    );
  }
  const provider = getWalletKeyProvider(deps.config);
  const missing = keyIds.filter((id) => !provider.keyIds.includes(id));
  if (missing.length > 0) {
    const where =
      w.keyProvider === 'pkcs11'
        ? 'WALLET_PKCS11_KEY_LABELS, or WALLET_MASTER_KEYS for keys from before the HSM'
        : fromEnv
          ? 'WALLET_MASTER_KEYS'
          : file;
    throw new KeyringError(
      `Wallets are encrypted with master key ${missing.join(', ')}, which is not among the ` +
        `keys (${provider.keyIds.join(', ')}). Restore the key from your backup (into ${where}) ` +
        'before starting.',
    );
  }
}
