import { randomBytes } from 'node:crypto';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { describe, expect, it } from 'vitest';
import {
  collectPublishedKeys,
  publishedPrivateKeys,
  publishedSecrets,
} from '../../../scripts/published-keys.ts';
import { REAL_PRODUCTION_ENV } from '../../../tests/support/production-env.ts';
import { ConfigError, loadConfig } from '../config.ts';
import { SANDBOX_EVIDENCE_DEFAULTS } from '../config-evidence.ts';
import { SANDBOX_POLYMARKET } from '../config-portfolio.ts';
import published from './published-keys.json' with { type: 'json' };

function refusalsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
    return [];
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    return err.issues;
  }
}

/** Digital Evidence fully on, with a signing key of its own: one setting is then swapped. */
const EVIDENCE_ON = {
  ...REAL_PRODUCTION_ENV,
  DIGITAL_EVIDENCE_API_KEY: 'real-evidence-key',
  DIGITAL_EVIDENCE_ORG_ID: '3f0c1b1e-8d55-4a8e-9a5e-7b7d2f0c9a11',
  DIGITAL_EVIDENCE_TENANT_ID: '3f0c1b1e-8d55-4a8e-9a5e-7b7d2f0c9a12',
  DIGITAL_EVIDENCE_SIGNING_KEY: randomBytes(32).toString('hex'),
  DIGITAL_EVIDENCE_METAGRAPH_ID: 'DAG0evidenceMetagraphOfProduction',
  DIGITAL_EVIDENCE_BATCH_PUBLIC_KEY: Buffer.from(
    secp256k1.getPublicKey(secp256k1.utils.randomSecretKey(), false).subarray(1),
  ).toString('hex'),
};

describe('production refuses every key the repository publishes (decision 0049)', () => {
  it('the generated list is the sandbox sources of today (node --import tsx scripts/published-keys.ts)', () => {
    expect(published).toEqual(collectPublishedKeys());
    expect(published.publicKeys.length).toBeGreaterThan(300);
  });

  it('starts on keys of its own', () => {
    expect(refusalsOf(EVIDENCE_ON)).toEqual([]);
  });

  it('refuses each published private key, by its public key, however it is spelled', () => {
    const keys = publishedPrivateKeys();
    for (const [what, key] of keys) {
      const hex = key.replace(/^0x/, '');
      for (const spelling of [hex, hex.toUpperCase()]) {
        const lines = refusalsOf({ ...EVIDENCE_ON, DIGITAL_EVIDENCE_SIGNING_KEY: spelling });
        expect(lines, what).toHaveLength(1);
        expect(lines[0]).toMatch(/^DIGITAL_EVIDENCE_SIGNING_KEY: the private key of .*published/);
      }
    }
  });

  it("refuses the sandbox's Digital Evidence batch public key", () => {
    const lines = refusalsOf({
      ...EVIDENCE_ON,
      DIGITAL_EVIDENCE_BATCH_PUBLIC_KEY: SANDBOX_EVIDENCE_DEFAULTS.batchPublicKey.toUpperCase(),
    });
    expect(lines).toEqual([
      expect.stringMatching(
        /^DIGITAL_EVIDENCE_BATCH_PUBLIC_KEY: the public key of sandbox Digital Evidence batch key/,
      ),
    ]);
  });

  it('refuses each published secret in any secret setting, by its hash', () => {
    for (const [what, secret] of publishedSecrets()) {
      const lines = refusalsOf({ ...REAL_PRODUCTION_ENV, X_CLIENT_SECRET: secret });
      expect(lines, what).toEqual([
        expect.stringMatching(/^X_CLIENT_SECRET: .*published in this repository/),
      ]);
    }
    const lines = refusalsOf({
      ...REAL_PRODUCTION_ENV,
      POLYMARKET_ANALYSES_KEY_SHA256: published.secretSha256.find((s) =>
        s.what.includes('analyses'),
      )!.sha256,
    });
    expect(lines).toEqual([expect.stringMatching(/^POLYMARKET_ANALYSES_KEY_SHA256: the hash of/)]);
  });

  it('lists every published key and address at once, one line each', () => {
    const keys = Object.fromEntries(publishedPrivateKeys());
    const lines = refusalsOf({
      ...REAL_PRODUCTION_ENV,
      DIGITAL_EVIDENCE_API_KEY: SANDBOX_EVIDENCE_DEFAULTS.apiKey,
      DIGITAL_EVIDENCE_ORG_ID: SANDBOX_EVIDENCE_DEFAULTS.orgId,
      DIGITAL_EVIDENCE_TENANT_ID: SANDBOX_EVIDENCE_DEFAULTS.tenantId,
      DIGITAL_EVIDENCE_SIGNING_KEY: SANDBOX_EVIDENCE_DEFAULTS.signingKey,
      DIGITAL_EVIDENCE_METAGRAPH_ID: 'DAG0evidenceMetagraphOfProduction',
      DIGITAL_EVIDENCE_BATCH_PUBLIC_KEY: SANDBOX_EVIDENCE_DEFAULTS.batchPublicKey,
      POLYMARKET_CLOB_ADDRESS: SANDBOX_POLYMARKET.clob.address,
      POLYMARKET_CLOB_API_KEY: SANDBOX_POLYMARKET.clob.key,
      POLYMARKET_CLOB_SECRET: SANDBOX_POLYMARKET.clob.secret,
      POLYMARKET_CLOB_PASSPHRASE: SANDBOX_POLYMARKET.clob.passphrase,
      POLYMARKET_PROXY_WALLET: published.publicKeys.find((k) => k.what.includes('anvil'))!.evm,
      LIQUIDITY_POOL_ADDRESS: published.publicKeys[0]!.dag,
    });
    expect(lines.map((l) => l.split(':')[0]).sort()).toEqual(
      [
        'DIGITAL_EVIDENCE_API_KEY',
        'DIGITAL_EVIDENCE_SIGNING_KEY',
        'DIGITAL_EVIDENCE_BATCH_PUBLIC_KEY',
        'POLYMARKET_CLOB_ADDRESS',
        'POLYMARKET_CLOB_API_KEY',
        'POLYMARKET_CLOB_SECRET',
        'POLYMARKET_CLOB_PASSPHRASE',
        'POLYMARKET_PROXY_WALLET',
        'LIQUIDITY_POOL_ADDRESS',
      ].sort(),
    );
    expect(Object.keys(keys).length).toBeGreaterThan(300);
  });
});
