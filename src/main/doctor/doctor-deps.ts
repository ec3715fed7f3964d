import fs from 'node:fs';
import path from 'node:path';
import { getAgentAccess } from '@/agent/account/agent-account.ts';
import { loadKeyRing } from '@/core/crypto/key-ring.ts';
import { createTokenCipher, type TokenCipher } from '@/core/crypto/token-cipher.ts';
import { getWalletBySystemRole } from '@/core/wallets/index.ts';
import type { Database } from '@/db/client.ts';
import type { Config } from '../config.ts';
import { createAppDeps } from '../deps.ts';
import type { Logger } from '../logger.ts';
import { SkippedCheck } from './check.ts';
import type { DoctorDeps } from './checks.ts';

/**
 * The doctor's clients, built by the product's own wiring (createAppDeps) so every check goes
 * through the code path the product uses. `database` is null when it cannot be read from this
 * process (`why` says so): the checks that need it are skipped, not failed.
 */
export function doctorDeps(
  config: Config,
  database: { db: Database['db'] } | { db: null; why: string },
  logger: Logger,
): DoctorDeps {
  // Made on first use, and only from keys that exist: the doctor never creates a key file.
  let cipher: TokenCipher | null = null;
  const tokenCipher: TokenCipher = {
    seal: (...a) => openCipher().seal(...a),
    open: (...a) => openCipher().open(...a),
  } as TokenCipher;
  const openCipher = () => {
    const { enc, mac } = config.tokenKeys;
    if (!enc && !fs.existsSync(path.join(config.dataDir, 'x-token-keys.json'))) {
      throw new SkippedCheck(
        'no X token keys here (X_TOKEN_ENC_KEYS or DATA_DIR/x-token-keys.json)',
      );
    }
    cipher ??= createTokenCipher(loadKeyRing({ enc, mac, dataDir: config.dataDir }));
    return cipher;
  };
  // The database handle only reaches checks that first ask whether it exists.
  const db = database.db;
  const deps = createAppDeps(config, db as Database['db'], { logger, tokenCipher });
  const needDb = () => {
    if (!db) throw new SkippedCheck((database as { why: string }).why);
    return db;
  };
  return {
    config,
    x: deps.x,
    agentAccess: () =>
      getAgentAccess({
        db: needDb(),
        cipher: tokenCipher,
        x: deps.x,
        handle: config.publicConfig.agentHandle,
        now: () => new Date(),
      }),
    constellation: deps.constellation,
    async treasuryAddress() {
      if (!db) return config.holders.mainWalletAddress;
      const wallet = await getWalletBySystemRole({ db }, { role: 'treasury' });
      return wallet?.dagAddress ?? config.holders.mainWalletAddress;
    },
    polymarket: deps.polymarket ?? null,
    evidence: deps.evidence!,
    llm: deps.llm ?? null,
    market: deps.market,
  };
}
