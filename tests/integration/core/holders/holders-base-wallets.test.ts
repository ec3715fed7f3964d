import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { walletsRoutes } from '@/api/routes/wallets.ts';
import { indexBaseHolders } from '@/core/holders/index-base-holders.ts';
import { RankingStore } from '@/core/holders/published-ranking.ts';
import { createBaseClient } from '@/integrations/base/client.ts';
import { knownBaseHolders } from '@/shared/holders/constants.ts';
import { walletListSchema } from '@/shared/holders/wallet-list.ts';
import { createEvmStandin, generateTransfers, replay } from '../../../support/evm-standin.ts';
import { createTestDatabase } from '../../../support/test-db.ts';

/** /api/base-wallets keeps its ETag (polls get 304) until a shown figure moves (decision 0010). */

const CONTRACT = '0x3333333333333333333333333333333333333333';
let db: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db?.close();
});

describe('GET /api/base-wallets and new blocks', () => {
  it('answers 304 across empty blocks and tail-only transfers; a shown balance changes the ETag', async () => {
    const chain = createEvmStandin({ contract: CONTRACT });
    // 150 holders: the list shows the top 100, so the smallest ones are not in it.
    const transfers = generateTransfers(600, 150, 100);
    chain.add(transfers);
    const store = new RankingStore(db.db);
    const deps = {
      db: db.db,
      client: createBaseClient({ request: chain.request as never }),
      logger: { warn: () => {}, info: () => {} },
      now: () => new Date(),
      store,
    };
    const options = {
      contract: CONTRACT,
      startBlock: 0n,
      decimals: 18,
      reorgWindow: 5,
      maxChunk: 500,
      known: knownBaseHolders({ bridgeAddresses: [] }),
    };
    const app = new Hono().route('/api', walletsRoutes({ holders: store, now: deps.now }));
    const poll = (etag = '') =>
      app.request('/api/base-wallets', { headers: { 'if-none-match': etag } });

    await indexBaseHolders(deps, options);
    const first = await poll();
    const etag = first.headers.get('etag') ?? '';
    const shown = walletListSchema.parse(await first.json());
    expect(shown.walletCount).toBe(150);

    chain.mineEmpty(chain.head + 20);
    await indexBaseHolders(deps, options);
    expect((await poll(etag)).status).toBe(304);

    // Two holders below the top 100 trade: no shown figure moves (count and totals neither).
    const tail = [...replay(transfers)].sort((a, b) => (a[1] < b[1] ? -1 : 1)).map(([a]) => a);
    expect(shown.wallets.some((w) => tail.slice(0, 2).includes(w.address.toLowerCase()))).toBe(
      false,
    );
    chain.add([{ block: chain.head + 1, from: tail[0] ?? '', to: tail[1] ?? '', value: 1n }]);
    await indexBaseHolders(deps, options);
    expect((await poll(etag)).status).toBe(304);

    // The top holder pays a newcomer: new body, new ETag.
    const top = shown.wallets[0]?.address.toLowerCase() ?? '';
    chain.add([
      { block: chain.head + 1, from: top, to: `0x${'c3'.repeat(20)}`, value: 10n ** 18n },
    ]);
    await indexBaseHolders(deps, options);
    const moved = await poll(etag);
    expect(moved.status).toBe(200);
    expect(moved.headers.get('etag')).not.toBe(etag);
    expect(walletListSchema.parse(await moved.json()).walletCount).toBe(151);
  });
});
