import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Address } from 'viem';
import { projectRoot } from '@/db/project-root.ts';
import type { GenesisTransaction } from './genesis-transactions.ts';

/**
 * The local Base node's state right after its genesis, saved once and loaded into a new anvil
 * at the next start: one JSON-RPC call (tens of ms) instead of ~330 transactions in 15 blocks
 * (0.4 s on a quiet machine, seconds under load), which held readiness back at every restart
 * (decision 0065). Under dist/, as a build product: what this checkout played itself.
 */
export const GENESIS_STATE_FILE = path.join(projectRoot(), 'dist/cache/base-genesis-state.json');

/**
 * The same state, committed (`npm run generate:base-genesis-state`), so a fresh clone's first
 * start loads it too instead of playing the genesis on a machine busy building (decision 0069).
 * Keyed like the cached one: after a change to the genesis or anvil it is simply not loaded
 * (the start plays the genesis and caches its own), and a test says it is out of date.
 */
export const SHIPPED_GENESIS_STATE_FILE = path.join(
  projectRoot(),
  'src/sandbox/base/genesis-state.shipped.json',
);

export interface Deployed {
  contract: Address;
  startBlock: bigint;
  deployer: Address;
}

interface Saved {
  key: string;
  /** anvil_dumpState's answer: the node's state (blocks, receipts, logs) gzipped, as hex. */
  state: string;
  contract: Address;
  startBlock: string;
  deployer: Address;
}

/**
 * What the saved state was made from: every genesis transaction (so a changed genesis.json, a
 * recompiled UpToken or a changed block layout each make a new key) and anvil's version (its
 * dump format is its own).
 */
export function genesisStateKey(blocks: GenesisTransaction[][]): string {
  const txs = JSON.stringify(blocks, (_k, v) => (typeof v === 'bigint' ? v.toString() : v));
  return createHash('sha256').update(anvilVersion()).update(txs).digest('base64url');
}

function anvilVersion(): string {
  try {
    return String(createRequire(import.meta.url)('@foundry-rs/anvil/package.json').version);
  } catch {
    return 'unknown';
  }
}

/** The saved state for `key`, or null (none, another genesis, unreadable). */
export function readGenesisState(file: string, key: string): Saved | null {
  try {
    const saved = JSON.parse(fs.readFileSync(file, 'utf8')) as Saved;
    return saved.key === key && typeof saved.state === 'string' ? saved : null;
  } catch {
    return null;
  }
}

/** Dumps the node's state and writes it for `key` (atomically: starts may run side by side). */
export async function saveGenesisState(rpcUrl: string, file: string, key: string, d: Deployed) {
  const state = (await rpc(rpcUrl, 'anvil_dumpState', [])) as string;
  const saved: Saved = { key, state, ...d, startBlock: d.startBlock.toString() };
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
  fs.writeFileSync(tmp, JSON.stringify(saved));
  fs.renameSync(tmp, file);
}

/**
 * Loads `saved` into the node at `rpcUrl` and checks it took: the deployer sent every genesis
 * transaction and the contract has code. Null when it did not (the caller plays the genesis).
 */
export async function loadGenesisState(
  rpcUrl: string,
  saved: Saved,
  txCount: number,
): Promise<Deployed | null> {
  if ((await rpc(rpcUrl, 'anvil_loadState', [saved.state])) !== true) return null;
  const [nonce, code] = await Promise.all([
    rpc(rpcUrl, 'eth_getTransactionCount', [saved.deployer, 'latest']),
    rpc(rpcUrl, 'eth_getCode', [saved.contract, 'latest']),
  ]);
  if (Number(nonce) !== txCount || typeof code !== 'string' || code.length <= 2) return null;
  return {
    contract: saved.contract,
    startBlock: BigInt(saved.startBlock),
    deployer: saved.deployer,
  };
}

async function rpc(url: string, method: string, params: unknown[]): Promise<unknown> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  const body = (await res.json()) as { result?: unknown; error?: { message: string } };
  if (body.error) throw new Error(`${method}: ${body.error.message}`);
  return body.result;
}
