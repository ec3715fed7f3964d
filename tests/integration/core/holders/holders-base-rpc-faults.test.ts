import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CoreDeps } from '@/core/deps.ts';
import { RankingStore } from '@/core/holders/published-ranking.ts';
import { startBaseHoldersIndexer } from '@/core/holders/start-holder-indexers.ts';
import { addRpcPassthrough, rpcFaultAnswer, rpcFaultPath } from '@/sandbox/base/rpc-passthrough.ts';
import { migrateSandbox } from '@/sandbox/db/migrate.ts';
import { installFaults } from '@/sandbox/faults/routes.ts';
import { walletListSchema } from '@/shared/holders/wallet-list.ts';
import { createEvmStandin } from '../../../support/evm-standin.ts';
import { createTestDatabase } from '../../../support/test-db.ts';

/**
 * Issue 45 §2, "Base RPC range errors": the sandbox's Base passthrough answers the providers'
 * range refusal (413, -32614) to eth_getLogs only, and the holders indexer, reaching the node
 * through it as the sandbox wires it (bootstrap's baseChain), halves its range and still indexes.
 */
const CONTRACT = '0x4444444444444444444444444444444444444444';
const HOLDER = '0x5555555555555555555555555555555555555555';
const ZERO = `0x${'0'.repeat(40)}`;
const ORIGIN = 'http://upsider.test';
let db: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  db = await createTestDatabase();
  await migrateSandbox(db);
});
afterAll(async () => {
  await db?.close();
});

describe('Base RPC range errors through the sandbox passthrough', () => {
  it('the indexer halves its eth_getLogs range and indexes every holder', async () => {
    const chain = createEvmStandin({ contract: CONTRACT, decimals: 6 });
    chain.add([{ block: 150, from: ZERO, to: HOLDER, value: 2_000_000n }]);
    const rpc = await chain.listen();
    const twin = new Hono();
    installFaults(twin, {
      db: db.db,
      service: 'base',
      basePath: '/sandbox/base',
      answer: rpcFaultAnswer,
      requestPath: rpcFaultPath,
    });
    addRpcPassthrough(twin, rpc.url);
    const root = new Hono().route('/sandbox/base', twin);
    // Every eth_getLogs range asked of the passthrough, in blocks.
    const ranges: number[] = [];
    const fetch = async (url: string, init?: RequestInit) => {
      const body = JSON.parse(String(init?.body ?? '{}'));
      if (body.method === 'eth_getLogs') {
        const { fromBlock, toBlock } = body.params[0];
        ranges.push(Number(toBlock) - Number(fromBlock) + 1);
      }
      return root.request(url, init);
    };

    // Three refusals (viem itself retries a 413 once): the indexer meets at least one.
    const injected = await root.request(`${ORIGIN}/sandbox/base/_admin/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ path: '/rpc/eth_getLogs', status: 413, count: 3 }),
    });
    expect(injected.status).toBe(201);

    const warnings: string[] = [];
    const logger = {
      info: () => {},
      warn: (_: unknown, msg?: string) => warnings.push(String(msg)),
      error: (_: unknown, msg?: string) => warnings.push(String(msg)),
    };
    const store = new RankingStore(db.db);
    const deps = {
      db: db.db,
      holders: store,
      logger,
      now: () => new Date(),
      config: {
        sandbox: true,
        holders: { base: { chainId: 8453, reorgWindowBlocks: 2, chunkBlocks: 200, pollMs: 20 } },
      },
    } as unknown as CoreDeps;
    const indexer = await startBaseHoldersIndexer(deps, {
      rpcUrl: `${ORIGIN}/sandbox/base/rpc`,
      fetch,
      contract: CONTRACT,
      startBlock: 0n,
      bridgeAddresses: [],
      liquidityPoolAddress: null,
    });
    const wallets = () => {
      const body = store.get('base')?.body;
      if (!body) return [];
      return walletListSchema.parse(JSON.parse(body)).wallets.map((w) => w.address.toLowerCase());
    };
    // The poll loop's passes, run one after another until one ranks the holder.
    for (let i = 0; i < 200 && wallets().length === 0; i++) await indexer.runNow();
    await indexer.stop();
    await rpc.close();

    // The chain id and decimals reads went through untouched; only log reads were refused.
    // Blocks 0–150 in one read at first (the 200-block chunk), then halved to 100 and below.
    expect(ranges.slice(0, 2)).toEqual([151, 151]);
    expect(ranges.length).toBeGreaterThan(3);
    expect(ranges.slice(2).every((r) => r <= 100)).toBe(true);
    expect(warnings).toEqual([]);
    expect(wallets()).toContain(HOLDER.toLowerCase());
  });
});
