import { randomBytes } from 'node:crypto';

/** Env for tests that create wallets: an in-memory master keyring, nothing written to ./data. */
export function walletTestEnv(extra: Record<string, string> = {}): Record<string, string> {
  return {
    WALLET_MASTER_KEYS: `test1:${randomBytes(32).toString('base64')}`,
    ...extra,
  };
}
