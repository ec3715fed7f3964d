/**
 * Writes src/sandbox/base/genesis-state.shipped.json: the local Base node's state after its
 * genesis, which a start loads instead of playing ~330 transactions (decision 0069). Run it
 * after changing genesis.json, UpToken or the anvil package (the test
 * tests/integration/sandbox/base/base-genesis-state-shipped.test.ts fails until then):
 * `npm run generate:base-genesis-state`.
 */
import { genesisOfThisCheckout, startBaseChain } from '@/sandbox/base/chain.ts';
import { SHIPPED_GENESIS_STATE_FILE, saveGenesisState } from '@/sandbox/base/genesis-state.ts';

// Played, never loaded: the file is made from the genesis itself.
const chain = await startBaseChain({ stateFile: null, shippedStateFile: null });
try {
  const { key } = genesisOfThisCheckout(chain.genesis);
  await saveGenesisState(chain.anvil.url, SHIPPED_GENESIS_STATE_FILE, key, chain.deployed);
  console.info(`wrote ${SHIPPED_GENESIS_STATE_FILE} (key ${key})`);
} finally {
  await chain.anvil.stop();
}
