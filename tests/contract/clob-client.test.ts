import { ClobClient } from '@polymarket/clob-client';
import { createWalletClient, http } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { polygon } from 'viem/chains';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPolymarketClient, outcomeIds } from '@/integrations/polymarket/index.ts';
import { SANDBOX_POLYMARKET } from '@/main/config-portfolio.ts';
import { conditionId, tokenId } from '@/sandbox/polymarket/seed.ts';
import { listenLikeNpmStart } from '../support/listening.ts';
import { startPortfolioTwins } from '../support/portfolio-twins.ts';

/**
 * `@polymarket/clob-client` 5.8.1, unmodified, against the local CLOB over real HTTP: only the
 * host changes (its constructor's first argument). `useServerTime` signs with the twin's `/time`,
 * as the library offers for clocks that differ from the server's (the twins' clock is fixed).
 */
let twins: Awaited<ReturnType<typeof startPortfolioTwins>>;
let server: Awaited<ReturnType<typeof listenLikeNpmStart>>;
let host: string;
const bot = SANDBOX_POLYMARKET.clob;
// The bot's key has no published private key: L2 calls need only its address, as a watch-only wallet.
const botWallet = createWalletClient({
  account: bot.address,
  transport: http('http://127.0.0.1:9'),
});
// Anvil's first well-known development key: a user who derives their own API key through L1.
const user = createWalletClient({
  account: privateKeyToAccount(
    '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
  ),
  chain: polygon,
  transport: http('http://127.0.0.1:9'),
});
const clob = (signer?: unknown, creds?: { key: string; secret: string; passphrase: string }) =>
  // biome-ignore lint/suspicious/noExplicitAny: the library types its signer as ethers | viem
  new ClobClient(host, 137, signer as any, creds, undefined, undefined, undefined, true);

beforeAll(async () => {
  twins = await startPortfolioTwins();
  server = await listenLikeNpmStart(twins.root);
  host = `${server.origin}/sandbox/polymarket/clob`;
});
afterAll(async () => {
  await server?.close();
  await twins?.close();
});

const fed = { market: conditionId('fed-cut-dec'), yes: tokenId('fed-cut-dec', 'Yes') };

describe('clob-client against the local CLOB: public market data', () => {
  it('reads the server time, markets, one market, a book, price, midpoint and last trade', async () => {
    const c = clob();
    expect(await c.getServerTime()).toBe(Math.floor(twins.deps.now().getTime() / 1000));
    const markets = await c.getMarkets();
    expect(markets.next_cursor).toBe('LTE=');
    expect(markets.data.map((m: { condition_id: string }) => m.condition_id)).toContain(fed.market);
    const market = await c.getMarket(fed.market);
    expect(market.tokens.map((t: { token_id: string }) => t.token_id)).toContain(fed.yes);
    const book = await c.getOrderBook(fed.yes);
    expect(Number(book.bids[0]?.price)).toBeLessThan(Number(book.asks[0]?.price));
    const mid = Number((await c.getMidpoint(fed.yes)).mid);
    expect(Number((await c.getPrice(fed.yes, 'BUY')).price)).toBeLessThan(mid);
    expect(Number((await c.getPrice(fed.yes, 'SELL')).price)).toBeGreaterThan(mid);
    expect(Number((await c.getLastTradePrice(fed.yes)).price)).toBe(mid);
  });

  it("answers a token without a book with the CLOB's 404", async () => {
    const missing = await clob().getOrderBook('123');
    expect(missing).toMatchObject({ status: 404, error: expect.stringMatching(/No orderbook/) });
  });
});

describe('clob-client against the local CLOB: API keys and L2 reads', () => {
  it("reads the bot's open orders with each filter, and its trades", async () => {
    const c = clob(botWallet, bot);
    const all = await c.getOpenOrders();
    expect(all.length).toBeGreaterThan(2);
    const first = all[0]!;
    expect(await c.getOpenOrders({ id: first.id })).toEqual([first]);
    const byMarket = await c.getOpenOrders({ market: first.market });
    expect(byMarket.length).toBeGreaterThan(0);
    expect(byMarket.every((o) => o.market === first.market)).toBe(true);
    const byAsset = await c.getOpenOrders({ asset_id: first.asset_id });
    expect(byAsset.every((o) => o.asset_id === first.asset_id)).toBe(true);
    const trades = await c.getTrades();
    expect(trades.length).toBeGreaterThan(5);
    const fedTrades = await c.getTrades({ market: fed.market });
    expect(fedTrades).toHaveLength(3);
  });

  it('creates then derives a key through L1; the derived key reads an empty book', async () => {
    const created = await clob(user).createApiKey();
    expect(created.key).toMatch(/^[0-9a-f-]{36}$/);
    const derived = await clob(user).deriveApiKey();
    expect(derived).toEqual(created);
    expect(await clob(user, derived).getOpenOrders()).toEqual([]);
  });

  it("refuses a wrong passphrase and an unknown derive with the CLOB's errors", async () => {
    // throwOnError (the constructor's last argument) makes the library throw its ApiError.
    const strict = new ClobClient(
      host,
      137,
      // biome-ignore lint/suspicious/noExplicitAny: the library types its signer as ethers | viem
      botWallet as any,
      { ...bot, passphrase: 'wrong' },
      ...([
        undefined,
        undefined,
        undefined,
        true,
        undefined,
        undefined,
        false,
        undefined,
        true,
      ] as const),
    );
    const denied = await strict.getOpenOrders().catch((e: unknown) => e);
    expect(denied).toMatchObject({ name: 'ApiError', status: 401 });
    const stranger = createWalletClient({
      account: privateKeyToAccount(
        '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d',
      ),
      transport: http('http://127.0.0.1:9'),
    });
    const throwing = new ClobClient(
      host,
      137,
      // biome-ignore lint/suspicious/noExplicitAny: the library types its signer as ethers | viem
      stranger as any,
      ...([
        undefined,
        undefined,
        undefined,
        undefined,
        true,
        undefined,
        undefined,
        false,
        undefined,
        true,
      ] as const),
    );
    const underived = await throwing.deriveApiKey().catch((e: unknown) => e);
    expect(underived).toMatchObject({ name: 'ApiError', status: 400 });
    expect(JSON.stringify(underived)).toMatch(/Could not derive api key/);
  });
});

describe("the product's Polymarket client on the same twin", () => {
  it('reads V1 and V2 markets alike and its open orders', async () => {
    const cfg = twins.config.polymarket;
    const base = `${server.origin}/sandbox/polymarket`;
    const client = createPolymarketClient({
      dataUrl: `${base}/data`,
      clobUrl: `${base}/clob`,
      gammaUrl: `${base}/gamma`,
      proxyWallet: cfg.proxyWallet!,
      clob: bot,
      now: twins.deps.now,
    });
    const v2 = conditionId('dag-listing');
    const markets = await client.marketsByConditionIds([fed.market, v2]);
    const byId = new Map(markets.map((m) => [m.conditionId, m]));
    expect(byId.get(v2)?.version).toBe('v2');
    expect(outcomeIds(byId.get(v2)!)).toEqual([
      tokenId('dag-listing', 'Yes'),
      tokenId('dag-listing', 'No'),
    ]);
    expect(outcomeIds(byId.get(fed.market)!)).toContain(fed.yes);
    expect((await client.openOrders()).length).toBeGreaterThan(2);
  });
});
