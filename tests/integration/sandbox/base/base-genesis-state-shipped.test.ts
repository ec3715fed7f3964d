import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { type BaseChain, genesisOfThisCheckout } from '@/sandbox/base/chain.ts';
import { loadBaseGenesis } from '@/sandbox/base/genesis.ts';
import { readGenesisState, SHIPPED_GENESIS_STATE_FILE } from '@/sandbox/base/genesis-state.ts';
import { localBaseNodes } from '../../../support/base-chains.ts';

/**
 * The committed genesis state (decision 0069) is what a fresh clone's first start loads instead
 * of playing the genesis: it must be this genesis's, for this anvil, and give the very chain the
 * genesis gives. When this fails after a change to genesis.json, UpToken or anvil:
 * `npm run generate:base-genesis-state`.
 */
const genesis = loadBaseGenesis();
const nodes = localBaseNodes();
const start = nodes.start;

/** Every block since 0 with its transactions' hashes, the token's logs, the deployer's nonce. */
async function history(chain: BaseChain) {
  const read = nodes.reader(chain);
  const head = await read.getBlockNumber();
  const blocks: string[] = [];
  for (let n = 0n; n <= head; n++) {
    const block = await read.getBlock({ blockNumber: n });
    blocks.push(`${n}:${block.transactions.join(',')}`);
  }
  const logs = await read.getLogs({ address: chain.deployed.contract, fromBlock: 0n });
  const nonce = await read.getTransactionCount({ address: chain.deployed.deployer });
  return { blocks, logs: logs.map((l) => `${l.transactionHash}:${l.data}`), nonce };
}

describe('the shipped Base genesis state', () => {
  it('is keyed by this checkout’s genesis and anvil (else: npm run generate:base-genesis-state)', () => {
    const { key } = genesisOfThisCheckout(genesis);
    expect(readGenesisState(SHIPPED_GENESIS_STATE_FILE, key)).not.toBeNull();
  });

  it('is loaded on a first start (nothing cached) and is the chain the genesis plays', async () => {
    const shipped = await start({ stateFile: null });
    expect(shipped.genesisFrom).toBe('shipped state');
    const played = await start({ stateFile: null, shippedStateFile: null });
    expect(played.genesisFrom).toBe('played');
    expect(shipped.deployed).toEqual(played.deployed);
    const fromFile = await history(shipped);
    expect(fromFile.logs).toHaveLength(genesis.mints.length + 2 * genesis.burns.length);
    expect(fromFile).toEqual(await history(played));
  });

  it('is never loaded when made from another genesis: the genesis is played and cached', async () => {
    const dir = nodes.tempDir('upsider-base-shipped-');
    const stale = path.join(dir, 'shipped.json');
    const real = JSON.parse(fs.readFileSync(SHIPPED_GENESIS_STATE_FILE, 'utf8'));
    fs.writeFileSync(stale, JSON.stringify({ ...real, key: 'an-older-genesis' }));
    const cache = path.join(dir, 'cache.json');
    const chain = await start({ stateFile: cache, shippedStateFile: stale });
    expect(chain.genesisFrom).toBe('played');
    expect(fs.existsSync(cache)).toBe(true);
    expect((await start({ stateFile: cache, shippedStateFile: stale })).genesisFrom).toBe(
      'saved state',
    );
  });
});
