import fs from 'node:fs';
import path from 'node:path';
import { type Address, getContractAddress } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import type { BaseChain } from '@/sandbox/base/chain.ts';
import { DEPLOYER_KEY } from '@/sandbox/base/deploy-genesis.ts';
import { loadBaseGenesis } from '@/sandbox/base/genesis.ts';
import { genesisStateKey } from '@/sandbox/base/genesis-state.ts';
import { genesisBlocks } from '@/sandbox/base/genesis-transactions.ts';
import { localBaseNodes } from '../../../support/base-chains.ts';

/**
 * The local Base node's state after its genesis is saved and loaded at the next start instead of
 * playing the genesis again (decision 0065): the loaded chain must be the played one, and a
 * state that is not this genesis's must never be loaded.
 */
const genesis = loadBaseGenesis();
const nodes = localBaseNodes();

/** Without the shipped state (its own test: base-genesis-state-shipped.test.ts). */
const start = (stateFile: string) => nodes.start({ stateFile, shippedStateFile: null });
const stateFile = () =>
  path.join(nodes.tempDir('upsider-base-state-'), 'cache', 'base-genesis-state.json');

/** The token's Transfer logs since the deployment and the deployer's nonce. */
async function history(chain: BaseChain) {
  const read = nodes.reader(chain);
  const logs = await read.getLogs({ address: chain.deployed.contract, fromBlock: 0n });
  const nonce = await read.getTransactionCount({ address: chain.deployed.deployer });
  return { logs: logs.map((l) => `${l.blockNumber}:${l.transactionHash}:${l.data}`), nonce };
}

describe('the local Base node starts from its saved genesis state', () => {
  it('plays the genesis once, then loads the same chain: contract, deployment block, logs', async () => {
    const file = stateFile();
    const first = await start(file);
    expect(first.genesisFrom).toBe('played');
    expect(fs.existsSync(file)).toBe(true);
    const played = await history(first);
    expect(played.logs).toHaveLength(genesis.mints.length + 2 * genesis.burns.length);

    const second = await start(file);
    expect(second.genesisFrom).toBe('saved state');
    expect(second.deployed).toEqual(first.deployed);
    expect(await history(second)).toEqual(played);
  });

  it('plays the genesis again when the saved state is another genesis’s, or not a state', async () => {
    const file = stateFile();
    await start(file);
    const saved = JSON.parse(fs.readFileSync(file, 'utf8'));
    fs.writeFileSync(file, JSON.stringify({ ...saved, key: 'another-genesis' }));
    const other = await start(file);
    expect(other.genesisFrom).toBe('played');
    // …and saved its own, which the next start loads.
    expect((await start(file)).genesisFrom).toBe('saved state');

    fs.writeFileSync(file, JSON.stringify({ ...saved, state: '0xdeadbeef' }));
    const broken = await start(file);
    expect(broken.genesisFrom).toBe('played');
    expect((await history(broken)).logs).toHaveLength(
      genesis.mints.length + 2 * genesis.burns.length,
    );
  });

  it('keys the state on every genesis transaction: a changed genesis makes another key', () => {
    const deployer = privateKeyToAccount(DEPLOYER_KEY).address;
    const contract: Address = getContractAddress({ from: deployer, nonce: 0n });
    const key = genesisStateKey(genesisBlocks(deployer, contract, genesis));
    expect(genesisStateKey(genesisBlocks(deployer, contract, genesis))).toBe(key);
    const [first, ...rest] = genesis.mints;
    const changed = { ...genesis, mints: [{ ...first!, up: `${first!.up}1` }, ...rest] };
    expect(genesisStateKey(genesisBlocks(deployer, contract, changed))).not.toBe(key);
  });
});
