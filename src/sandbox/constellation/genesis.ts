import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { projectRoot } from '@/db/project-root.ts';
import {
  dagAddress,
  dagAddressFromPublicKey,
  publicKeyFromPrivateKey,
} from '@/integrations/constellation/index.ts';
import { TOKENS, type Token } from '@/shared/tokens.ts';

const here = path.join(projectRoot(), 'src/sandbox/constellation');
export const GENESIS_PATH = path.join(here, 'genesis.json');
export const SYSTEM_KEYS_PATH = path.join(here, 'system-keys.json');

const units = z.string().regex(/^\d+$/, 'base units as a decimal string');
const privateKeyHex = z.string().regex(/^[0-9a-f]{64}$/);
const keyPair = z.object({ address: dagAddress, privateKey: privateKeyHex });
const ledger = z.object({ totalSupply: units, balances: z.record(dagAddress, units) });

const genesisSchema = z.object({
  description: z.string(),
  seed: z.string(),
  metagraphIds: z.object({ UP: dagAddress, DOR: dagAddress }),
  /** The faucet's key is here on purpose: it exists only on this local network. */
  faucet: keyPair,
  /** Named addresses: roles treasury, feeWallet, rewardsPool, faucet, liquidityPool, bridgeCollateral, burn, validators, reserve. */
  wallets: z.array(z.object({ role: z.string(), label: z.string(), address: dagAddress })),
  demoWallets: z.array(z.object({ name: z.string(), address: dagAddress })),
  tokens: z.object({ DAG: ledger, UP: ledger, DOR: ledger }),
});
export type GenesisFile = z.infer<typeof genesisSchema>;

/** Sandbox-only keys of the product's system wallets (treasury, fee wallet, rewards pool). */
const systemKeysSchema = z.object({ treasury: keyPair, feeWallet: keyPair, rewardsPool: keyPair });
export type SandboxSystemKeys = z.infer<typeof systemKeysSchema>;

export interface Genesis extends GenesisFile {
  balances: Record<Token, Map<string, bigint>>;
  totalSupply: Record<Token, bigint>;
}

/** Reads and checks genesis.json: valid addresses, supplies that add up, a faucet key that fits. */
export function loadGenesis(file = GENESIS_PATH): Genesis {
  const parsed = genesisSchema.parse(JSON.parse(fs.readFileSync(file, 'utf8')));
  checkKey('faucet', parsed.faucet);
  const balances = {} as Genesis['balances'];
  const totalSupply = {} as Genesis['totalSupply'];
  for (const token of TOKENS) {
    const { balances: raw, totalSupply: total } = parsed.tokens[token];
    balances[token] = new Map(Object.entries(raw).map(([a, b]) => [a, BigInt(b)]));
    totalSupply[token] = BigInt(total);
    const sum = [...balances[token].values()].reduce((a, b) => a + b, 0n);
    if (sum !== totalSupply[token]) {
      throw new Error(`genesis: ${token} balances add up to ${sum}, not totalSupply ${total}`);
    }
  }
  return { ...parsed, balances, totalSupply };
}

export function loadSandboxSystemKeys(file = SYSTEM_KEYS_PATH): SandboxSystemKeys {
  const keys = systemKeysSchema.parse(JSON.parse(fs.readFileSync(file, 'utf8')));
  for (const [name, pair] of Object.entries(keys)) checkKey(name, pair);
  return keys;
}

function checkKey(name: string, pair: { address: string; privateKey: string }) {
  const derived = dagAddressFromPublicKey(
    publicKeyFromPrivateKey(Buffer.from(pair.privateKey, 'hex')),
  );
  if (derived !== pair.address)
    throw new Error(`genesis: the ${name} key does not own ${pair.address}`);
}

/** Labels of well-known addresses (for leaderboard badges): liquidity pool, bridge collateral, burn. */
export function knownAddressLabels(
  genesis: GenesisFile,
): { address: string; role: string; label: string }[] {
  const shown = new Set(['liquidityPool', 'bridgeCollateral', 'burn']);
  return genesis.wallets.filter((w) => shown.has(w.role));
}

export function walletAddress(genesis: GenesisFile, role: string): string {
  const found = genesis.wallets.find((w) => w.role === role);
  if (!found) throw new Error(`genesis has no ${role} wallet`);
  return found.address;
}
