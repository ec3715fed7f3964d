import { createHash } from 'node:crypto';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import {
  publicKeyFromPrivateKey,
  publicKeyIdFromPublicKey,
} from '@/integrations/constellation/index.ts';
import { SANDBOX_POLYMARKET } from '../config-portfolio.ts';
import published from './published-keys.json' with { type: 'json' };
import type { Refusal } from './refusal.ts';

type Given = Record<string, string | undefined>;

/**
 * Every key this repository publishes, by what can be compared without trusting a string
 * (decision 0049): a private key by its derived public key, so `0x…`, upper case or any other
 * spelling of the same key is still found; a public key by its point, whatever its encoding; a
 * shared secret by its SHA-256. published-keys.json is generated from the sandbox's sources
 * (scripts/published-keys.ts; a test fails when it is stale), so product code never imports them.
 */
const byPublicKey = new Map(published.publicKeys.map((k) => [k.id, k.what]));
const bySecretHash = new Map(published.secretSha256.map((s) => [s.sha256, s.what]));
/** DAG and EVM addresses of the published keys, plus the sandbox's made-up EVM identities. */
const byAddress = new Map<string, string>([
  [SANDBOX_POLYMARKET.proxyWallet.toLowerCase(), 'the sandbox Polymarket proxy wallet'],
  [SANDBOX_POLYMARKET.clob.address.toLowerCase(), 'the sandbox Polymarket CLOB signer'],
  ...published.publicKeys.flatMap((k): [string, string][] => [
    [k.dag.toLowerCase(), k.what],
    [k.evm.toLowerCase(), k.what],
  ]),
]);

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const HEX_PRIVATE_KEY = /^(0x)?[0-9a-fA-F]{64}$/;
const SECRET_SETTING = /(KEY|KEYS|SECRET|TOKEN|PASSPHRASE|PASSWORD)$/;

/** The public key id (128 hex) of a value read as a private key, or null if it is not one. */
function publicIdOfPrivateKey(value: string): string | null {
  if (!HEX_PRIVATE_KEY.test(value)) return null;
  try {
    const key = Buffer.from(value.replace(/^0x/, ''), 'hex');
    return publicKeyIdFromPublicKey(publicKeyFromPrivateKey(key));
  } catch {
    return null;
  }
}

/** The public key id of a value read as a public key (04‖X‖Y, X‖Y or compressed), or null. */
function publicIdOfPublicKey(value: string): string | null {
  const hex = value.replace(/^0x/, '');
  if (!/^[0-9a-fA-F]+$/.test(hex)) return null;
  try {
    const point = secp256k1.Point.fromHex(hex.length === 128 ? `04${hex}` : hex);
    return publicKeyIdFromPublicKey(point.toBytes(false));
  } catch {
    return null;
  }
}

/** Which published key or secret a setting's value is, if any. */
function publishedAs(setting: string, value: string): string | undefined {
  const trimmed = value.trim();
  const asPrivate = publicIdOfPrivateKey(trimmed);
  if (asPrivate && byPublicKey.has(asPrivate))
    return `the private key of ${byPublicKey.get(asPrivate)}`;
  const asPublic = publicIdOfPublicKey(trimmed);
  if (asPublic && byPublicKey.has(asPublic))
    return `the public key of ${byPublicKey.get(asPublic)}`;
  if (/^(0x[0-9a-fA-F]{40}|DAG[0-9][1-9A-HJ-NP-Za-km-z]{36})$/.test(trimmed)) {
    const owner = byAddress.get(trimmed.toLowerCase());
    if (owner) return `the address of ${owner}`;
  }
  if (setting.endsWith('_SHA256') && bySecretHash.has(trimmed.toLowerCase())) {
    return `the hash of ${bySecretHash.get(trimmed.toLowerCase())}`;
  }
  if (SECRET_SETTING.test(setting)) {
    // A key list ("id:base64,…") is published if any of its keys is.
    for (const part of [trimmed, ...trimmed.split(',').map((e) => e.slice(e.indexOf(':') + 1))]) {
      const what = bySecretHash.get(sha256(part.trim()));
      if (what) return what;
    }
  }
  return undefined;
}

/** Refuses every setting that holds a key or secret this repository publishes (production). */
export function publishedKeyRefusals(given: Given): Refusal[] {
  const out: Refusal[] = [];
  for (const [setting, value] of Object.entries(given)) {
    if (!value) continue;
    const what = publishedAs(setting, value);
    if (what) {
      out.push({
        setting,
        problem: `${what}, published in this repository (anyone can use it)`,
        fix: 'a key or secret of your own that was never committed anywhere',
      });
    }
  }
  return out;
}
