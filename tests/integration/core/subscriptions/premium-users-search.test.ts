import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listPremiumUsers } from '@/core/subscriptions/list-premium-users.ts';
import {
  createSubscription,
  createUser,
  createUsers,
  createUserWithWallet,
  DAY_MS,
} from '../../../support/factories.ts';
import { createTestApp } from '../../../support/test-app.ts';
import { walletTestEnv } from '../../../support/wallet-env.ts';

/*
 * The premium list's search: which users a term matches (substring of the handle or the DAG
 * address, any case, trimmed, % and _ literal), and that small match sets, paged and counted by
 * one scan, come out exactly as the two-query way broad searches still take.
 */
let t: Awaited<ReturnType<typeof createTestApp>>;
const addresses: string[] = [];

beforeAll(async () => {
  t = await createTestApp(walletTestEnv());
  t.clock.set(new Date('2026-05-10T00:00:00Z'));
  const names = ['MoonWalker', 'moonbeam', 'honeymoon', 'sailormoon_fan', 'Blue_Moonlight'];
  for (const [i, username] of names.entries()) {
    const { wallet } = await createUserWithWallet(t.deps, { xUserId: `80${i}`, username });
    addresses.push(wallet.dagAddress);
  }
  await createUsers(t.deps, '81', ['mo0n', 'moo_n', 'm%oon', 'sunny', 'starlight']);
  for (let i = 0; i < 12; i++)
    await createUser(t.deps, { xUserId: `82${i}`, username: `crater${i}` });
  // Subscribers come first, so the order of a page is not just by name.
  const now = t.clock.now().getTime();
  const at = (days: number) => new Date(now + days * DAY_MS);
  await createSubscription(t.deps, { xUserId: '803', start: at(-5), end: at(30) });
  await createSubscription(t.deps, { xUserId: '801', tier: 'pro', start: at(-5), end: at(9) });
  await createSubscription(t.deps, { xUserId: '8210', start: at(-40), end: at(-2) });
});
afterAll(() => t.close());

const names = async (q: string) => {
  const res = await t.app.request(`/api/premium-users?${q}`);
  expect(res.status).toBe(200);
  const body = (await res.json()) as { users: { username: string }[]; total: number };
  return { names: body.users.map((u) => u.username), total: body.total };
};

describe('premium list search', () => {
  it('matches the handle as a prefix, inside and at the end, in any case, trimmed', async () => {
    const moon = ['sailormoon_fan', 'moonbeam', 'Blue_Moonlight', 'honeymoon', 'MoonWalker'];
    expect(await names('search=moon')).toEqual({ names: moon, total: 5 });
    expect(await names('search=%20%20MOON%20')).toEqual({ names: moon, total: 5 });
    expect((await names('search=mOoNw')).names).toEqual(['MoonWalker']);
    expect((await names('search=ymoo')).names).toEqual(['honeymoon']);
    expect((await names('search=light')).names).toEqual(['Blue_Moonlight', 'starlight']);
    expect(await names('search=nomatch')).toEqual({ names: [], total: 0 });
  });

  it('takes % and _ literally', async () => {
    expect((await names('search=o_n')).names).toEqual(['moo_n']);
    expect((await names('search=%25o')).names).toEqual(['m%oon']);
    expect((await names('search=_')).names).toEqual(['sailormoon_fan', 'Blue_Moonlight', 'moo_n']);
  });

  it('matches the wallet address in any case, alone or with a handle search', async () => {
    const tail = addresses[2]!.slice(-9);
    expect((await names(`wallet=${tail.toLowerCase()}`)).names).toEqual(['honeymoon']);
    expect((await names(`wallet=${tail}&search=HONEY`)).names).toEqual(['honeymoon']);
    expect(await names(`wallet=${tail}&search=beam`)).toEqual({ names: [], total: 0 });
  });
});

describe('one scan for small match sets, two queries for broad ones', () => {
  const queries = [
    { search: 'moon' },
    { search: 'o' },
    { search: 'crater1' },
    { search: 'zz' },
    { wallet: 'DAG' },
    { search: 'moon', wallet: 'dag' },
  ];
  const pages = [
    { limit: 50, offset: 0 },
    { limit: 3, offset: 0 },
    { limit: 3, offset: 2 },
    { limit: 4, offset: 9 },
    { limit: 5, offset: 40 },
  ];
  it('give the same users, count and total for every search and page', async () => {
    const deps = { db: t.deps.db, now: () => t.clock.now() };
    for (const q of queries) {
      for (const page of pages) {
        const oneScan = await listPremiumUsers(deps, { ...q, ...page });
        // A limit of 0 sends every search down the broad way; the match count itself is the
        // edge where one scan still holds them all, one less the edge where it no longer does.
        const broad = await listPremiumUsers(deps, { ...q, ...page }, { oneScanLimit: 0 });
        const atEdge = await listPremiumUsers(
          deps,
          { ...q, ...page },
          { oneScanLimit: oneScan.total },
        );
        const pastEdge = await listPremiumUsers(
          deps,
          { ...q, ...page },
          { oneScanLimit: Math.max(0, oneScan.total - 1) },
        );
        expect(broad, JSON.stringify({ q, page })).toEqual(oneScan);
        expect(atEdge).toEqual(oneScan);
        expect(pastEdge).toEqual(oneScan);
      }
    }
  });

  it('counts a search whose page is past its end', async () => {
    const deps = { db: t.deps.db, now: () => t.clock.now() };
    const past = await listPremiumUsers(deps, { search: 'moon', limit: 50, offset: 100 });
    expect(past).toEqual({ users: [], count: 0, total: 5 });
  });
});

describe('the trigram indexes (migration 0022)', () => {
  it('keep a short pending list, so a search never reads megabytes of unmerged entries', async () => {
    const result = await t.deps.db.execute(sql`select relname, reloptions from pg_class
      where relname in ('users_username_trgm_idx', 'wallets_dag_address_trgm_idx')
      order by relname`);
    expect((result as unknown as { rows: unknown[] }).rows).toEqual([
      { relname: 'users_username_trgm_idx', reloptions: ['gin_pending_list_limit=256'] },
      { relname: 'wallets_dag_address_trgm_idx', reloptions: ['gin_pending_list_limit=256'] },
    ]);
  });
});
