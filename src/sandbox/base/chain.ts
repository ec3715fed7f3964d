import { getContractAddress } from 'viem';
import { startAnvil } from './anvil.ts';
import { DEPLOYER_ADDRESS, deployBaseGenesis } from './deploy-genesis.ts';
import { type BaseGenesis, loadBaseGenesis } from './genesis.ts';
import {
  type Deployed,
  GENESIS_STATE_FILE,
  genesisStateKey,
  loadGenesisState,
  readGenesisState,
  SHIPPED_GENESIS_STATE_FILE,
  saveGenesisState,
} from './genesis-state.ts';
import { genesisBlocks } from './genesis-transactions.ts';

/** Runs of the genesis on one node before the start fails: a re-run completes what one left. */
const GENESIS_RUNS = 3;

/**
 * The local Base node and its genesis. Needs nothing of the product (no database, no context),
 * so it may start before the database is open (background.ts: startBaseChainEarly).
 * `stateFile`: where the state after the genesis is kept between starts (genesis-state.ts);
 * null plays the genesis every time. `shippedStateFile`: the committed state, tried first.
 */
export async function startBaseChain(
  opts: { stateFile?: string | null; shippedStateFile?: string | null } = {},
) {
  const stateFile = opts.stateFile === undefined ? GENESIS_STATE_FILE : opts.stateFile;
  const shipped =
    opts.shippedStateFile === undefined ? SHIPPED_GENESIS_STATE_FILE : opts.shippedStateFile;
  const anvil = await startAnvil();
  const genesis = loadBaseGenesis();
  try {
    const deployed = await genesisOn(anvil.url, genesis, { stateFile, shipped });
    return { anvil, genesis, ...deployed };
  } catch (err) {
    await anvil.stop();
    throw err;
  }
}

/** This genesis's transactions, as the deployer sends them, and the key its saved state has. */
export function genesisOfThisCheckout(genesis: BaseGenesis) {
  const deployer = DEPLOYER_ADDRESS;
  const contract = getContractAddress({ from: deployer, nonce: 0n });
  const blocks = genesisBlocks(deployer, contract, genesis);
  return { blocks, key: genesisStateKey(blocks) };
}

/**
 * The shipped state when it matches this genesis, else the saved one, else the genesis played
 * (and its state saved). Both files are keyed by the genesis (genesis-state.ts): one made from
 * another genesis, or by another anvil, is never loaded.
 */
async function genesisOn(
  rpcUrl: string,
  genesis: BaseGenesis,
  files: { stateFile: string | null; shipped: string | null },
) {
  const { blocks, key } = genesisOfThisCheckout(genesis);
  const sources = [
    [files.shipped, 'shipped state'],
    [files.stateFile, 'saved state'],
  ] as const;
  for (const [file, from] of sources) {
    const saved = file ? readGenesisState(file, key) : null;
    const loaded = saved
      ? await loadGenesisState(rpcUrl, saved, blocks.flat().length).catch(() => null)
      : null;
    if (loaded) return { deployed: loaded, genesisFrom: from };
  }
  const { stateFile } = files;
  const deployed: Deployed = await playGenesis(rpcUrl, genesis);
  // A state that cannot be saved (read-only checkout) costs the next start the genesis, no more.
  if (stateFile) await saveGenesisState(rpcUrl, stateFile, key, deployed).catch(() => {});
  return { deployed, genesisFrom: 'played' as const };
}

/** On a loaded machine every retry of a request can time out; the node still has the rest. */
async function playGenesis(rpcUrl: string, genesis: BaseGenesis) {
  for (let run = 1; ; run++) {
    try {
      return await deployBaseGenesis(rpcUrl, genesis);
    } catch (err) {
      if (run >= GENESIS_RUNS) throw err;
    }
  }
}

export type BaseChain = Awaited<ReturnType<typeof startBaseChain>>;
