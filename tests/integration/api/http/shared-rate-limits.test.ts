import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '@/db/rows-of.ts';
import { type ListenedResponse, listenLikeNpmStart } from '../../../support/listening.ts';
import { ORIGIN } from '../../../support/sign-in.ts';
import { createTestApp } from '../../../support/test-app.ts';
import { testDbKind } from '../../../support/test-db.ts';

/**
 * On PostgreSQL, N API processes allowed N times every limit and a restart forgot the
 * counts, because the counters lived in each process's memory. Now they live in the database
 * (decision 0038): two app instances on one database, each behind its own listener as
 * `npm start` serves it, meet one limit, and a new instance (a restart) still sees the count.
 * PGlite is one process by construction; its memory store is covered by rate-limits.test.ts.
 */
const PAGE_VIEWS = 200;
const SIGN_INS = 4;
const env = {
  RATE_LIMIT_PAGE_VIEWS_PER_MINUTE: String(PAGE_VIEWS),
  RATE_LIMIT_SIGN_IN_PER_MINUTE: String(SIGN_INS),
};

type App = Awaited<ReturnType<typeof createTestApp>>;
type Server = Awaited<ReturnType<typeof listenLikeNpmStart>>;

describe.skipIf(testDbKind !== 'postgres')('rate limits shared across API processes', () => {
  let first: App;
  let second: App;
  let servers: Server[] = [];
  const others: App[] = [];

  beforeAll(async () => {
    first = await createTestApp(env, { sandbox: true });
    second = await createTestApp(env, { sandbox: true, sharedDatabaseUrl: first.database.url });
    others.push(second);
    servers = [await listenLikeNpmStart(first.app), await listenLikeNpmStart(second.app)];
  });
  afterAll(async () => {
    for (const s of servers) await s.close();
    for (const o of others) await o.close();
    await first.close();
  });

  const view = (server: Server, ip: string) =>
    server.send('/api/analytics/pageview', {
      from: ip,
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: ORIGIN },
      body: JSON.stringify({ path: '/shared-limit' }),
    });

  function expectLimited(res: ListenedResponse) {
    expect(res.status).toBe(429);
    const wait = Number(res.headers['retry-after']);
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(60);
    const body = JSON.parse(res.body) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('rate_limited');
    expect(body.error.message).toContain(`${wait} s`);
  }

  it('400 page views from one address over two processes: one limit, nothing recorded past it', async () => {
    const statuses: number[] = [];
    // 20 at a time, alternating processes, so both race on the same counter.
    for (let batch = 0; batch < 20; batch++) {
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) => view(servers[i % 2]!, '127.0.0.41')),
      );
      statuses.push(...answers.map((a) => a.status));
      for (const a of answers) if (a.status === 429) expectLimited(a);
    }
    expect(statuses.filter((s) => s === 204)).toHaveLength(PAGE_VIEWS);
    expect(statuses.filter((s) => s === 429)).toHaveLength(400 - PAGE_VIEWS);
    // Each process refused some: the limit is one count, not one per process.
    for (const p of [0, 1]) {
      expect(statuses.filter((s, i) => i % 2 === p && s === 429).length).toBeGreaterThan(0);
    }
    const rows = rowsOf<{ n: number }>(
      await first.database.db.execute(
        sql`select count(*)::int as n from page_views where path = '/shared-limit'`,
      ),
    );
    expect(rows[0]!.n).toBe(PAGE_VIEWS);
    // Another address has its own budget on either process.
    expect((await view(servers[1]!, '127.0.0.42')).status).toBe(204);
  });

  it('sign-in starts split across processes meet one limit, and a restarted process keeps it', async () => {
    const login = (server: Server) =>
      server.send('/api/auth/twitter/login', { from: '127.0.0.43' });
    for (let i = 0; i < SIGN_INS; i++) expect((await login(servers[i % 2]!)).status).toBe(302);
    expectLimited(await login(servers[0]!));
    expectLimited(await login(servers[1]!));

    // "Restart" the second process: a new instance, new pools, nothing carried in memory.
    await servers[1]!.close();
    const restarted = await createTestApp(env, {
      sandbox: true,
      sharedDatabaseUrl: first.database.url,
    });
    others.push(restarted);
    servers[1] = await listenLikeNpmStart(restarted.app);
    expectLimited(await login(servers[1]!));
    expectLimited(await view(servers[1]!, '127.0.0.41'));
  });
});
