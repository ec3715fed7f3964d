import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CachedJson } from '@/api/http/cached-json.ts';
import { FastJsonRoutes } from '@/api/http/fast-json.ts';
import { walletsRoutes } from '@/api/routes/wallets.ts';
import { indexConstellationHolders } from '@/core/holders/index-constellation-holders.ts';
import { RankingStore } from '@/core/holders/published-ranking.ts';
import { holderRankings } from '@/db/schema/holders.ts';
import {
  dagAddressFromPublicKey,
  generatePrivateKey,
  publicKeyFromPrivateKey,
} from '@/integrations/constellation/index.ts';
import { createLogger } from '@/main/logger.ts';
import { knownConstellationHolders } from '@/shared/holders/constants.ts';
import { walletListSchema } from '@/shared/holders/wallet-list.ts';
import { startConstellationSim } from '../../../support/constellation-sim.ts';
import { createTestClock } from '../../../support/test-app.ts';
import { createTestDatabase } from '../../../support/test-db.ts';

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let net: Awaited<ReturnType<typeof startConstellationSim>>;
beforeAll(async () => {
  db = await createTestDatabase();
  net = await startConstellationSim(db);
});
afterAll(async () => {
  await net?.close();
  await db?.close();
});

const clock = createTestClock();
const newAddress = () => dagAddressFromPublicKey(publicKeyFromPrivateKey(generatePrivateKey()));

function setup(client = net.client) {
  clock.reset();
  const store = new RankingStore(db.db);
  const calls = { combined: 0 };
  const constellation = {
    getLatestOrdinal: (t: 'UP') => client.getLatestOrdinal(t),
    getLatestCombined: (t: 'UP') => {
      calls.combined++;
      return client.getLatestCombined(t);
    },
  };
  const burn = net.sim.genesis.wallets.find((w) => w.role === 'burn');
  const deps = {
    constellation: constellation as never,
    store,
    logger: createLogger('silent'),
    now: clock.now,
    knownHolders: async () => knownConstellationHolders(burn ? [burn] : []),
  };
  const polls = new FastJsonRoutes();
  const app = new Hono().route('/api', walletsRoutes({ holders: store, now: deps.now }, polls));
  /** The endpoint's background recompute (its 1 s tick), run now rather than waited for. */
  const recompute = () => (polls.get('/api/wallets') as CachedJson).refresh();
  return { store, deps, calls, app, recompute };
}

describe('Constellation holders: L0 combined snapshot → /api/wallets', () => {
  it('ranks every UP holder of the latest snapshot; reads the snapshot only when the ordinal moved', async () => {
    const { deps, calls, app } = setup();
    const before = await app.request('/api/wallets');
    expect(before.status).toBe(503);

    expect(await indexConstellationHolders(deps)).toBe('published');
    expect(await indexConstellationHolders(deps)).toBe('unchanged');
    expect(calls.combined).toBe(1);

    const res = await app.request('/api/wallets');
    expect(res.status).toBe(200);
    const list = walletListSchema.parse(await res.json());
    const combined = await net.client.getLatestCombined('UP');
    const holders = [...combined.balances.values()].filter((b) => b > 0n);
    expect(list.walletCount).toBe(holders.length);
    expect(list.wallets.length).toBe(Math.min(250, holders.length));
    const sorted = [...list.wallets].sort((a, b) => b.balance - a.balance);
    expect(list.wallets.map((w) => w.balance)).toEqual(sorted.map((w) => w.balance));
    const total = holders.reduce((a, b) => a + b, 0n);
    expect(list.totalBalance).toBe(Number(total) / 1e8);
    const burnRow = list.wallets.find((w) => w.label === 'burned tokens');
    expect(burnRow?.notInCirculation).toBe(true);
    expect(list.totalCirculation).toBeCloseTo(
      (list.totalBalance ?? 0) - (burnRow?.balance ?? 0),
      4,
    );
    expect(list.asOf?.position).toBe(combined.ordinal.toString());

    // A new holder after a snapshot shows up at the next pass.
    const newcomer = newAddress();
    await fetch(`${net.base}/_admin/faucet`, {
      method: 'POST',
      body: JSON.stringify({ address: newcomer, token: 'UP', tokens: '3' }),
    });
    await net.sim.tick();
    expect(await indexConstellationHolders(deps)).toBe('published');
    expect(calls.combined).toBe(2);
    const after = walletListSchema.parse(await (await app.request('/api/wallets')).json());
    expect(after.walletCount).toBe(list.walletCount + 1);
  });

  it('answers If-None-Match with 304 until balances change', async () => {
    const { deps, app } = setup();
    await indexConstellationHolders(deps);
    const first = await app.request('/api/wallets');
    expect(first.headers.get('content-type')).toBe('application/json');
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    const again = await app.request('/api/wallets', { headers: { 'if-none-match': etag ?? '' } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    const other = await app.request('/api/wallets', { headers: { 'if-none-match': '"nope"' } });
    expect(other.status).toBe(200);
    expect(await other.text()).toBe(await first.text());
  });

  it('keeps the body and ETag across snapshots that moved no balance; a transfer changes them', async () => {
    const { deps, app, calls } = setup();
    await indexConstellationHolders(deps);
    const first = await app.request('/api/wallets');
    const etag = first.headers.get('etag') ?? '';
    const body = await first.text();
    const position = walletListSchema.parse(JSON.parse(body)).asOf?.position;

    // A new snapshot with no transfer: read once, nothing published, the poll gets 304.
    await net.sim.tick();
    const read = calls.combined;
    expect(await indexConstellationHolders(deps)).toBe('unchanged');
    expect(calls.combined).toBe(read + 1);
    expect(deps.store.get('constellation')?.readAt?.position).not.toBe(position);
    expect(await indexConstellationHolders(deps)).toBe('unchanged');
    expect(calls.combined).toBe(read + 1); // the same ordinal is not read twice
    clock.advance(5_000);
    const poll = await app.request('/api/wallets', { headers: { 'if-none-match': etag } });
    expect(poll.status).toBe(304);
    expect(poll.headers.get('etag')).toBe(etag);
    expect(await (await app.request('/api/wallets')).text()).toBe(body);

    // A transfer moves balances: the next snapshot publishes a new body and ETag.
    await fetch(`${net.base}/_admin/faucet`, {
      method: 'POST',
      body: JSON.stringify({ address: newAddress(), token: 'UP', tokens: '7' }),
    });
    await net.sim.tick();
    expect(await indexConstellationHolders(deps)).toBe('published');
    const moved = await app.request('/api/wallets', { headers: { 'if-none-match': etag } });
    expect(moved.status).toBe(200);
    expect(moved.headers.get('etag')).not.toBe(etag);
    const list = walletListSchema.parse(await moved.json());
    expect(list.asOf?.position).not.toBe(position);
  });

  it('keeps serving the last good ranking, marked stale, when the L0 fails or answers garbage', async () => {
    const { deps, app, store, recompute } = setup();
    await indexConstellationHolders(deps);
    const good = await (await app.request('/api/wallets')).text();
    const failing = {
      getLatestOrdinal: async () => 999_999n,
      getLatestCombined: async () => {
        throw new Error('L0 returned garbage');
      },
    };
    const failingFrom = clock.now().getTime();
    expect(await indexConstellationHolders({ ...deps, constellation: failing as never })).toBe(
      'failed',
    );
    const failingTo = clock.now().getTime();
    const res = await app.request('/api/wallets');
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(good);
    // Within a minute a failure may be a blip: the same body, its Age growing.
    clock.advance(45_000);
    await recompute(); // a background recompute keeps it
    const aged = await app.request('/api/wallets');
    expect(await aged.text()).toBe(good);
    expect(Number(aged.headers.get('age'))).toBeGreaterThanOrEqual(45);

    // Still failing after a minute: the body says since when, once (one new ETag).
    await indexConstellationHolders({ ...deps, constellation: failing as never });
    clock.advance(30_000);
    await recompute();
    const unreadable = await app.request('/api/wallets');
    const body = walletListSchema.parse(await unreadable.json());
    // Since the first failed read, not the latest one.
    const since = Date.parse(body.unreadableSince ?? '');
    expect(since).toBeGreaterThanOrEqual(failingFrom);
    expect(since).toBeLessThanOrEqual(failingTo);
    expect({ ...body, unreadableSince: undefined }).toEqual({
      ...JSON.parse(good),
      unreadableSince: undefined,
    });
    const etag = unreadable.headers.get('etag') ?? '';
    expect(etag).not.toBe(aged.headers.get('etag'));
    clock.advance(30_000);
    await recompute();
    const polled = await app.request('/api/wallets', { headers: { 'if-none-match': etag } });
    expect(polled.status).toBe(304);

    // A read succeeds again: the same bytes and ETag as before the failure.
    expect(await indexConstellationHolders(deps)).toBe('unchanged');
    await recompute();
    const back = await app.request('/api/wallets');
    expect(await back.text()).toBe(good);
    expect(back.headers.get('etag')).toBe(aged.headers.get('etag'));

    // Another process (or a restart) reads the same bytes from the database.
    const restarted = new RankingStore(db.db);
    expect((await restarted.load('constellation'))?.body).toBe(store.get('constellation')?.body);
  });

  it('does not serve a stored ranking of another shape (an older version wrote it)', async () => {
    await db.db
      .update(holderRankings)
      .set({ body: '{"holders":[]}' })
      .where(eq(holderRankings.network, 'constellation'));
    const restarted = new RankingStore(db.db);
    expect(await restarted.load('constellation')).toBeNull();
    const { app } = setup();
    expect((await app.request('/api/wallets')).status).toBe(503);
  });
});
