import { getContractAddress } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { startAnvil } from './anvil.ts';
import { DEPLOYER_KEY, deployBaseGenesis } from './deploy-genesis.ts';
import { type BaseGenesis, loadBaseGenesis } from './genesis.ts';
import {
  type Deployed,
  GENESIS_STATE_FILE,
  genesisStateKey,
  loadGenesisState,
  readGenesisState,
  saveGenesisState,
} from './genesis-state.ts';
import { genesisBlocks } from './genesis-transactions.ts';

/** Runs of the genesis on one node before the start fails: a re-run completes what one left. */
const GENESIS_RUNS = 3;

/**
 * The local Base node and its genesis. Needs nothing of the product (no database, no context),
 * so it may start before the database is open (background.ts: startBaseChainEarly).
 * `stateFile`: where the state after the genesis is kept between starts (genesis-state.ts);
 * null plays the genesis every time.
 */
export async function startBaseChain(opts: { stateFile?: string | null } = {}) {
  const stateFile = opts.stateFile === undefined ? GENESIS_STATE_FILE : opts.stateFile;
  const anvil = await startAnvil();
  const genesis = loadBaseGenesis();
  try {
    const deployed = await genesisOn(anvil.url, genesis, stateFile);
    return { anvil, genesis, ...deployed };
  } catch (err) {
    await anvil.stop();
    throw err;
  }
}

/** The saved state when it matches this genesis, else the genesis played (and its state saved). */
async function genesisOn(rpcUrl: string, genesis: BaseGenesis, stateFile: string | null) {
  const deployer = privateKeyToAccount(DEPLOYER_KEY).address;
  const contract = getContractAddress({ from: deployer, nonce: 0n });
  const blocks = genesisBlocks(deployer, contract, genesis);
  const key = genesisStateKey(blocks);
  const saved = stateFile ? readGenesisState(stateFile, key) : null;
  const loaded = saved
    ? await loadGenesisState(rpcUrl, saved, blocks.flat().length).catch(() => null)
    : null;
  if (loaded) return { deployed: loaded, genesisFrom: 'saved state' as const };
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
