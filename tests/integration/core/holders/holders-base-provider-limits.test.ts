import type { Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readBalances, resetContract } from '@/core/holders/base-ledger.ts';
import { indexBaseHolders } from '@/core/holders/index-base-holders.ts';
import { createBaseClient } from '@/integrations/base/client.ts';
import { startAnvil } from '@/sandbox/base/anvil.ts';
import { deployBaseGenesis } from '@/sandbox/base/deploy-genesis.ts';
import { loadBaseGenesis } from '@/sandbox/base/genesis.ts';
import { knownBaseHolders } from '@/shared/holders/constants.ts';
import { PROVIDER_REFUSALS, startRangeLimitProxy } from '../../../support/range-limit-rpc-proxy.ts';
import { createTestDatabase } from '../../../support/test-db.ts';

// Issue 42: the holder indexer halves its eth_getLogs range on any provider's range refusal
// (src/integrations/base/errors.ts cites each shape) and advances to head behind each of them.
let anvil: Awaited<ReturnType<typeof startAnvil>>;
let db: Awaited<ReturnType<typeof createTestDatabase>>;
let contract: Address;
let startBlock: bigint;
let expected: [string, bigint][];
const LIMIT = 3; // the genesis spans ~15 blocks

beforeAll(async () => {
  anvil = await startAnvil();
  db = await createTestDatabase();
  ({ contract, startBlock } = await deployBaseGenesis(anvil.url, loadBaseGenesis()));
  await index(anvil.url);
  expected = await readBalances(db.db, contract);
}, 60_000);
afterAll(async () => {
  await anvil?.stop();
  await db?.close();
});

function index(rpcUrl: string) {
  return indexBaseHolders(
    {
      db: db.db,
      client: createBaseClient({ rpcUrl }),
      logger: { warn: () => {}, info: () => {} },
      now: () => new Date(),
    },
    {
      contract,
      startBlock,
      decimals: 18,
      reorgWindow: 5,
      maxChunk: 500,
      known: knownBaseHolders({ bridgeAddresses: [] }),
    },
  );
}

describe('the Base holder indexer behind providers that cap eth_getLogs ranges', () => {
  it('indexes the genesis straight from anvil (the reference)', async () => {
    expect(expected.length).toBeGreaterThan(10);
  });

  it.each(Object.entries(PROVIDER_REFUSALS))(
    '%s: halves until accepted, reaches head, same balances',
    async (_name, refusal) => {
      const proxy = await startRangeLimitProxy(anvil.url, LIMIT, refusal);
      try {
        await resetContract(db.db, contract);
        const pass = await index(proxy.url);
        expect(pass.done).toBe(true);
        expect(proxy.seen.refused).toBeGreaterThan(0);
        expect(proxy.seen.servedSpans.every((s) => s <= BigInt(LIMIT))).toBe(true);
        expect(await readBalances(db.db, contract)).toEqual(expected);
      } finally {
        await proxy.close();
      }
    },
  );
});
