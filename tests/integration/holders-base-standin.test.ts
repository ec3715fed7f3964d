import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readBalances } from '../../src/core/holders/base-ledger.ts';
import { indexBaseHolders } from '../../src/core/holders/index-base-holders.ts';
import { RankingStore } from '../../src/core/holders/published-ranking.ts';
import { createBaseClient, TRANSFER_TOPIC } from '../../src/integrations/base/client.ts';
import { knownBaseHolders } from '../../src/shared/holders/constants.ts';
import { walletListSchema } from '../../src/shared/holders/wallet-list.ts';
import { createEvmStandin, generateTransfers, replay } from '../support/evm-standin.ts';
import { createTestDatabase } from '../support/test-db.ts';

const CONTRACT = '0x5fbdb2315678afecb367f032d93f642f64180aa3';
let db: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db?.close();
});

function logger() {
  const warnings: { reason?: string }[] = [];
  return { warnings, logger: { warn: (o: object) => warnings.push(o as never), info: () => {} } };
}
const options = (contract: string) => ({
  contract,
  startBlock: 0n,
  decimals: 18,
  reorgWindow: 5,
  maxChunk: 500,
  known: knownBaseHolders({ bridgeAddresses: [] }),
});
const asMap = (rows: [string, bigint][]) => new Map(rows);

describe('Base indexer against a JSON-RPC stand-in', () => {
  it('finishes with correct balances through both providers’ range errors, skipping malformed logs', async () => {
    const chain = createEvmStandin({ contract: CONTRACT, maxLogs: 300, maxRange: 200 });
    const transfers = generateTransfers(3_000, 80, 900);
    const bad = {
      address: CONTRACT,
      topics: [TRANSFER_TOPIC, `0x${'f'.repeat(64)}`, `0x${'0'.repeat(64)}`],
      data: '0x01',
      blockNumber: '0x10',
      transactionHash: `0x${'a'.repeat(64)}`,
      logIndex: '0x63',
    };
    chain.add(transfers, [bad]);
    const rpc = await chain.listen();
    const { logger: log, warnings } = logger();
    const store = new RankingStore(db.db);
    const deps = {
      db: db.db,
      client: createBaseClient({ rpcUrl: rpc.url }),
      logger: log,
      now: () => new Date(),
      store,
    };
    const result = await indexBaseHolders(deps, options(CONTRACT));
    expect(result.done).toBe(true);
    expect(chain.calls.alchemyErrors).toBeGreaterThan(0);
    expect(chain.calls.infuraErrors).toBeGreaterThan(0);
    expect(asMap(await readBalances(db.db, CONTRACT))).toEqual(replay(transfers));
    expect(warnings.some((w) => w.reason === 'address topic')).toBe(true);

    const list = walletListSchema.parse(JSON.parse(store.get('base')?.body ?? '{}'));
    expect(list.walletCount).toBe(replay(transfers).size);
    expect(list.wallets.length).toBeLessThanOrEqual(100);
    expect(list.asOf?.position).toBe(String(chain.head));
    await rpc.close();
  });

  it('re-reads the window after a reorg, resumes after a restart mid-index, and re-indexes a replaced chain', async () => {
    const contract = '0x1111111111111111111111111111111111111111';
    const chain = createEvmStandin({ contract });
    const transfers = generateTransfers(1_000, 30, 300, 7);
    chain.add(transfers);
    const { logger: log } = logger();
    const deps = {
      db: db.db,
      client: createBaseClient({ request: chain.request as never }),
      logger: log,
      now: () => new Date(),
    };

    // "Restart" mid-index: the first pass stops after 100 blocks; a new pass resumes from the cursor.
    const first = await indexBaseHolders(deps, { ...options(contract), maxBlocksPerPass: 100n });
    expect(first.done).toBe(false);
    await indexBaseHolders(deps, options(contract));
    expect(asMap(await readBalances(db.db, contract))).toEqual(replay(transfers));

    // A 3-block reorg: the last blocks' transfers vanish and others take their place.
    chain.reorgFrom(298);
    const kept = transfers.filter((t) => t.block < 298);
    const replacement = generateTransfers(40, 30, 1, 99).map((t) => ({ ...t, block: 299 }));
    const valid = replacement.filter((t) => t.from === `0x${'0'.repeat(40)}`);
    chain.add(valid);
    await indexBaseHolders(deps, options(contract));
    expect(asMap(await readBalances(db.db, contract))).toEqual(replay([...kept, ...valid]));

    // The chain is replaced below the window (a fresh node): everything is indexed again.
    chain.reorgFrom(10);
    const fresh = transfers.filter((t) => t.block < 10);
    await indexBaseHolders(deps, options(contract));
    expect(asMap(await readBalances(db.db, contract))).toEqual(replay(fresh));
  });
});
