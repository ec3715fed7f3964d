import { startAnvil } from './anvil.ts';
import { deployBaseGenesis } from './deploy-genesis.ts';
import { loadBaseGenesis } from './genesis.ts';

/**
 * The local Base node and its genesis. Needs nothing of the product (no database, no context),
 * so it may start before the database is open (background.ts: startBaseChainEarly).
 */
export async function startBaseChain() {
  const anvil = await startAnvil();
  const genesis = loadBaseGenesis();
  const deployed = await deployBaseGenesis(anvil.url, genesis).catch(async (err) => {
    await anvil.stop();
    throw err;
  });
  return { anvil, genesis, deployed };
}

export type BaseChain = Awaited<ReturnType<typeof startBaseChain>>;
