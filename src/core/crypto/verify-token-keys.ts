import fs from 'node:fs';
import { count } from 'drizzle-orm';
import type { Db } from '@/db/client.ts';
import { agentAccounts, xUserTokens } from '@/db/schema/index.ts';
import { KeyringError } from '../wallets/keyring.ts';
import { tokenKeyFile } from './key-ring.ts';

/**
 * Start-up check of the X token keys, as for the wallet master key (decision 0004): when X
 * tokens are stored (users' grants, the agent's account) and neither X_TOKEN_*_KEYS nor the key
 * file is there, new keys would be made and every stored token could no longer be opened —
 * refused, saying what to restore, before the key ring is loaded.
 */
export async function verifyTokenKeys(deps: {
  db: Db;
  config: { dataDir: string; tokenKeys: { enc?: string; mac?: string } };
}) {
  const { enc, mac } = deps.config.tokenKeys;
  const file = tokenKeyFile(deps.config.dataDir);
  if (enc || mac || fs.existsSync(file)) return;
  const [users] = await deps.db.select({ n: count() }).from(xUserTokens);
  const [agents] = await deps.db.select({ n: count() }).from(agentAccounts);
  const stored = (users?.n ?? 0) + (agents?.n ?? 0);
  if (stored === 0) return;
  throw new KeyringError(
    `${file} is missing, but ${stored} stored X token(s) were encrypted with it. Restore ` +
      'x-token-keys.json from your backup (or set X_TOKEN_ENC_KEYS and X_TOKEN_MAC_KEYS); new ' +
      'keys would leave those tokens unreadable.',
  );
}
