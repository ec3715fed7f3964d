import { indexBaseHolders } from '@/core/holders/index-base-holders.ts';
import { openDatabase } from '@/db/client.ts';
import { createBaseClient } from '@/integrations/base/client.ts';
import { knownBaseHolders } from '@/shared/holders/constants.ts';
import { createEvmStandin, generateTransfers } from '../../tests/support/evm-standin.ts';
import type { BenchSection } from './types.ts';

const TRANSFERS = Number(process.env.BENCH_BASE_TRANSFERS ?? 200_000);
const CONTRACT = '0x5fbdb2315678afecb367f032d93f642f64180aa3';

/**
 * How fast the Base holder index applies Transfer logs (goal ≥ 5,000 logs/s on
 * PGlite), over a generated history served by the JSON-RPC stand-in in the same process.
 */
export const baseIndexerBench: BenchSection = {
  title: `Base holder index: ${TRANSFERS.toLocaleString('en-US')} transfers on PGlite`,
  async run() {
    const chain = createEvmStandin({ contract: CONTRACT, maxLogs: 10_000, maxRange: 100_000 });
    const blocks = Math.max(1, Math.ceil(TRANSFERS / 200));
    chain.add(generateTransfers(TRANSFERS, 5_000, blocks, 11));
    const database = await openDatabase({ dataDir: 'memory://' });
    try {
      const deps = {
        db: database.db,
        client: createBaseClient({ request: chain.request as never }),
        logger: { warn: () => {}, info: () => {} },
        now: () => new Date(),
      };
      const started = performance.now();
      let passes = 0;
      while (
        !(
          await indexBaseHolders(deps, {
            contract: CONTRACT,
            startBlock: 0n,
            decimals: 18,
            reorgWindow: 12,
            maxChunk: 2_000,
            known: knownBaseHolders({ bridgeAddresses: [] }),
          })
        ).done
      ) {
        passes++;
      }
      const seconds = (performance.now() - started) / 1000;
      const rate = TRANSFERS / seconds;
      console.info(
        `  ${TRANSFERS.toLocaleString('en-US')} logs over ${blocks.toLocaleString('en-US')} blocks in ${seconds.toFixed(1)} s (${passes + 1} passes): ${Math.round(rate).toLocaleString('en-US')} logs/s (goal ≥ 5,000)`,
      );
    } finally {
      await database.close();
    }
  },
};
