import { startAnvil } from './anvil.ts';
import { deployBaseGenesis } from './deploy-genesis.ts';
import { type BaseGenesis, loadBaseGenesis } from './genesis.ts';

/** Runs of the genesis on one node before the start fails: a re-run completes what one left. */
const GENESIS_RUNS = 3;

/**
 * The local Base node and its genesis. Needs nothing of the product (no database, no context),
 * so it may start before the database is open (background.ts: startBaseChainEarly).
 */
export async function startBaseChain() {
  const anvil = await startAnvil();
  const genesis = loadBaseGenesis();
  const deployed = await playGenesis(anvil.url, genesis).catch(async (err) => {
    await anvil.stop();
    throw err;
  });
  return { anvil, genesis, deployed };
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
