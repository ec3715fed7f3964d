import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSubscription, createUsers, recordActivities } from '../../../support/factories.ts';
import { createTestApp } from '../../../support/test-app.ts';
import { walletTestEnv } from '../../../support/wallet-env.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
const NOW = new Date('2026-05-20T12:00:00Z');
const DAY = 86_400_000;
const ago = (days: number) => new Date(NOW.getTime() - days * DAY);

beforeAll(async () => {
  t = await createTestApp(walletTestEnv());
  t.clock.set(NOW);
  await createUsers(t.deps, '70', ['alice', 'bob', 'carol', 'dave']);
  const act = (userId: string, kind: 'mention' | 'send' | 'fingerprint', days: number[]) =>
    recordActivities(t.deps, { userId, kind, at: days.map(ago) });
  // This month: bob 3 sends, alice 2 (alice reached 2 first), carol 2 (later). Last month: dave 5.
  await act('701', 'send', [1, 2, 3]);
  await act('700', 'send', [10, 9]);
  await act('702', 'send', [4, 3]);
  await act('703', 'send', [30, 31, 32, 33, 34]);
  await act('700', 'mention', [1]);
  await act('700', 'fingerprint', [2, 40]);
  await createSubscription(t.deps, { xUserId: '700', start: ago(5), end: ago(-25) });
  await createSubscription(t.deps, { xUserId: '701', tier: 'pro', start: ago(5), end: ago(-25) });
  await createSubscription(t.deps, { xUserId: '702', start: ago(40), end: ago(10) });
});
afterAll(() => t.close());

const get = async (path: string) => {
  const res = await t.app.request(`/api/leaderboard/${path}`);
  return { status: res.status, body: await res.json() };
};

describe('GET /api/leaderboard/{category}/{period}', () => {
  it('monthly: ranks this UTC month only, ties to whoever got there first, with breakdowns', async () => {
    const { status, body } = await get('sends/monthly');
    expect(status).toBe(200);
    expect(
      body.entries.map((e: { username: string; count: number }) => [e.username, e.count]),
    ).toEqual([
      ['bob', 3],
      ['alice', 2],
      ['carol', 2],
    ]);
    expect(body.entries[1]).toEqual({
      rank: 2,
      username: 'alice',
      platform: 'twitter',
      author_id: '700',
      count: 2,
      // Only an active premium plan earns rewards: bob's pro and carol's expired plan do not.
      hasActiveSubscription: true,
      breakdown: { sends: 2, fingerprints: 1, mentions: 1 },
    });
    expect(body.entries[0].hasActiveSubscription).toBe(false);
    expect(body.entries[2].hasActiveSubscription).toBe(false);
  });

  it('all-time counts everything', async () => {
    const { body } = await get('sends/all-time');
    expect(body.entries[0]).toMatchObject({ username: 'dave', count: 5, rank: 1 });
    const fingerprints = await get('fingerprints/all-time');
    expect(fingerprints.body.entries).toEqual([
      expect.objectContaining({ username: 'alice', count: 2 }),
    ]);
  });

  it('an unknown category or period is a 400 JSON error', async () => {
    for (const path of ['likes/monthly', 'sends/weekly', 'sends/monthly/extra']) {
      const { status, body } = await get(path);
      expect(status, path).toBeGreaterThanOrEqual(400);
      expect(status, path).toBeLessThan(500);
      expect(body.error.code, path).toBeTruthy();
    }
  });

  it('answers unchanged polls with 304', async () => {
    const first = await t.app.request('/api/leaderboard/mentions/monthly');
    const etag = first.headers.get('etag')!;
    const again = await t.app.request('/api/leaderboard/mentions/monthly', {
      headers: { 'If-None-Match': etag },
    });
    expect(again.status).toBe(304);
  });
});
