import fs from 'node:fs';
import type { Db } from '../../db/client.ts';
import { wallets } from '../../db/schema/index.ts';
import { KeyringError } from './keyring.ts';
import { getKeyring } from './master-keys.ts';
import type { WalletConfig } from './wallet-settings.ts';

/**
 * Start-up check of the wallet master keys (decision 0003), run before anything signs.
 * Refuses to start when wallets exist but the key file is gone (a new key would be generated
 * and every existing wallet could no longer sign), when a wallet's key id is not in the keyring,
 * or when the key file is group- or world-readable. Each message says what to do.
 */
export async function verifyMasterKeys(deps: { db: Db; config: WalletConfig }) {
  const rows = await deps.db.selectDistinct({ keyId: wallets.keyId }).from(wallets);
  const keyIds = rows.map((r) => r.keyId);
  const fromEnv = deps.config.wallets.readMasterKeys() !== undefined;
  const file = deps.config.wallets.masterKeyFile;
  if (keyIds.length > 0 && !fromEnv && !fs.existsSync(file)) {
    throw new KeyringError(
      `${file} is missing, but wallets encrypted with key ${keyIds.join(', ')} exist. ` +
        'Restore master.key from your backup (or set WALLET_MASTER_KEYS); a new key would leave ' +
        'those wallets unable to sign.',
    );
  }
  const keyring = getKeyring(deps.config);
  const missing = keyIds.filter((id) => !keyring.byId(id));
  if (missing.length > 0) {
    throw new KeyringError(
      `Wallets are encrypted with master key ${missing.join(', ')}, which is not in the ` +
        `keyring (${keyring.ids.join(', ')}). Restore the key from your backup ` +
        `(${fromEnv ? 'add it to WALLET_MASTER_KEYS' : `into ${file}`}) before starting.`,
    );
  }
}
