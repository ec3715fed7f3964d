import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CoreDeps } from '@/core/deps.ts';
import { RankingStore } from '@/core/holders/published-ranking.ts';
import { startBaseHoldersIndexer } from '@/core/holders/start-holder-indexers.ts';
import { walletListSchema } from '@/shared/holders/wallet-list.ts';
import { createEvmStandin } from '../../../support/evm-standin.ts';
import { createTestDatabase } from '../../../support/test-db.ts';

/** The Base indexer checks the chain and reads the token's decimals before any log. */

const CONTRACT = '0x4444444444444444444444444444444444444444';
const HOLDER = '0x5555555555555555555555555555555555555555';
const ZERO = `0x${'0'.repeat(40)}`;
let db: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db?.close();
});

function recordingLogger() {
  const lines: { level: string; msg: string }[] = [];
  const at = (level: string) => (a: object | string, b?: string) =>
    lines.push({ level, msg: typeof a === 'string' ? a : (b ?? '') });
  return { lines, logger: { info: at('info'), warn: at('warn'), error: at('error') } };
}

async function run(p: { served: number; configured: number; decimals: number; sandbox: boolean }) {
  const chain = createEvmStandin({ contract: CONTRACT, chainId: p.served, decimals: p.decimals });
  // 1.5 tokens of a 6-decimal token, minted to one holder.
  chain.add([{ block: 3, from: ZERO, to: HOLDER, value: 1_500_000n }]);
  const rpc = await chain.listen();
  const store = new RankingStore(db.db);
  const { lines, logger } = recordingLogger();
  const deps = {
    db: db.db,
    holders: store,
    logger,
    now: () => new Date(),
    config: {
      sandbox: p.sandbox,
      holders: {
        base: { chainId: p.configured, reorgWindowBlocks: 2, chunkBlocks: 100, pollMs: 20 },
      },
    },
  } as unknown as CoreDeps;
  const indexer = await startBaseHoldersIndexer(deps, {
    rpcUrl: rpc.url,
    contract: CONTRACT,
    startBlock: 0n,
    bridgeAddresses: [],
    liquidityPoolAddress: null,
  });
  // Several passes of the poll loop (the first, started with it, is joined).
  for (let pass = 0; pass < 4; pass++) await indexer.runNow();
  await indexer.stop();
  await rpc.close();
  return { chain, store, lines };
}

describe('Base holders indexer start', () => {
  it('refuses an RPC endpoint that serves another chain: logged once, no log read', async () => {
    const { chain, lines } = await run({
      served: 84532,
      configured: 8453,
      decimals: 6,
      sandbox: true,
    });
    expect(chain.calls.getLogs).toBe(0);
    const errors = lines.filter((l) => l.level === 'error');
    expect(errors).toHaveLength(1);
    expect(errors[0]?.msg).toContain('serves chain 84532, not the configured 8453');
  });

  it('ranks balances with the decimals the contract answers, not 18', async () => {
    const { chain, store } = await run({
      served: 8453,
      configured: 8453,
      decimals: 6,
      sandbox: true,
    });
    expect(chain.calls.decimals).toBe(1);
    const list = walletListSchema.parse(JSON.parse(store.get('base')?.body ?? '{}'));
    expect(list.wallets[0]).toMatchObject({ balance: 1.5 });
  });

  it('warns at start outside the sandbox when BASE_START_BLOCK is 0', async () => {
    const live = await run({ served: 8453, configured: 8453, decimals: 6, sandbox: false });
    expect(
      live.lines.some((l) => l.level === 'warn' && l.msg.includes('BASE_START_BLOCK is 0')),
    ).toBe(true);
    const sandbox = await run({ served: 8453, configured: 8453, decimals: 6, sandbox: true });
    expect(sandbox.lines.some((l) => l.msg.includes('BASE_START_BLOCK'))).toBe(false);
  });
});
