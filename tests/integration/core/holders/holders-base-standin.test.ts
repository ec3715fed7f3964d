import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readBalances } from '@/core/holders/base-ledger.ts';
import { indexBaseHolders } from '@/core/holders/index-base-holders.ts';
import { RankingStore } from '@/core/holders/published-ranking.ts';
import { baseHolderBalances } from '@/db/schema/holders.ts';
import { createBaseClient, TRANSFER_TOPIC } from '@/integrations/base/client.ts';
import { knownBaseHolders } from '@/shared/holders/constants.ts';
import { walletListSchema } from '@/shared/holders/wallet-list.ts';
import { createEvmStandin, generateTransfers, replay } from '../../../support/evm-standin.ts';
import { createTestDatabase } from '../../../support/test-db.ts';

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
const padTopic = (address: string) => `0x${'0'.repeat(24)}${address.slice(2)}`;
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
    // Valid topics between two real holders but a value that is not one uint256: applied, they
    // would move 1 wei (short data) or a truncated amount (long data).
    const [holderA, holderB] = [transfers[0]?.to ?? '', transfers[1]?.to ?? ''];
    const topics = [TRANSFER_TOPIC, padTopic(holderA), padTopic(holderB)];
    const badValues = ['0x01', `0x${'0'.repeat(63)}1ff`].map((data, i) => ({
      ...bad,
      topics,
      data,
      transactionHash: `0x${'b'.repeat(63)}${i}`,
    }));
    chain.add(transfers, [bad, ...badValues]);
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
    expect(warnings.filter((w) => w.reason === 'value')).toHaveLength(2);

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

  it('never stores a negative balance when a log spends more than the sender holds', async () => {
    const contract = '0x2222222222222222222222222222222222222222';
    const zero = `0x${'0'.repeat(40)}`;
    const [poor, rich] = [`0x${'a1'.repeat(20)}`, `0x${'b2'.repeat(20)}`];
    const chain = createEvmStandin({ contract });
    // Inconsistent data (a provider's bad answer): `poor` holds 5 but sends 8.
    chain.add([
      { block: 1, from: zero, to: poor, value: 5n },
      { block: 2, from: poor, to: rich, value: 8n },
    ]);
    const { logger: log, warnings } = logger();
    const deps = {
      db: db.db,
      client: createBaseClient({ request: chain.request as never }),
      logger: log,
      now: () => new Date(),
    };
    await indexBaseHolders(deps, options(contract));
    const rows = await db.db
      .select({ address: baseHolderBalances.address, balance: baseHolderBalances.balance })
      .from(baseHolderBalances)
      .where(eq(baseHolderBalances.contract, contract));
    expect(new Map(rows.map((r) => [r.address, r.balance]))).toEqual(
      new Map([
        [poor, 0n],
        [rich, 8n],
      ]),
    );
    expect(warnings).toContainEqual(expect.objectContaining({ address: poor, balance: '-3' }));
  });
});
