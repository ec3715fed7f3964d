import fs from 'node:fs';
import ogs from 'open-graph-scraper';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentInbox, evidenceRecords, transfers } from '@/db/schema/index.ts';
import { createUserWithWallet, recordActivities } from '../../../support/factories.ts';
import { createTestApp } from '../../../support/test-app.ts';

// The served HTML as X's and others' crawlers read it: parsed by a maintained Open Graph parser
// (open-graph-scraper), the cards fetched as images. Needs the built site (npm run build).
let t: Awaited<ReturnType<typeof createTestApp>>;
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47]);
const TX = 'a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f90';

async function graphOf(path: string) {
  const res = await t.app.request(path);
  expect(res.status).toBe(200);
  const html = await res.text();
  const { result } = await ogs({ html });
  return { html, result };
}

async function card(url: string, headers: Record<string, string> = {}) {
  return t.app.request(new URL(url).pathname, { headers });
}

/** Width and height from a PNG's IHDR. */
const sizeOf = (png: Buffer) => [png.readUInt32BE(16), png.readUInt32BE(20)];

beforeAll(async () => {
  t = await createTestApp();
  const alice = await createUserWithWallet(t.deps, { xUserId: '701', username: 'alice' });
  const bob = await createUserWithWallet(t.deps, { xUserId: '702', username: 'bob' });
  const [transfer] = await t.deps.db
    .insert(transfers)
    .values({
      idempotencyKey: '9001',
      request: '5',
      fromWalletId: alice.wallet.id,
      fromAddress: alice.wallet.dagAddress,
      toWalletId: bob.wallet.id,
      toAddress: bob.wallet.dagAddress,
      token: 'UP',
      feeTier: 'standard',
      amount: 500_000_000n,
      fee: 2_500_000n,
      state: 'confirmed',
      confirmedAt: new Date('2026-11-29T10:00:00Z'),
    })
    .returning();
  await t.deps.db.insert(agentInbox).values({
    postId: '9001',
    source: 'x',
    authorId: '701',
    authorUsername: 'alice',
    text: '@upsider send 5 UP to @bob',
    post: { createdAt: '2026-11-29T09:59:00.000Z' },
    status: 'done',
    outcome: {
      kind: 'sent',
      token: 'UP',
      amount: '500000000',
      fee: '2500000',
      to: { handle: 'bob' },
      toAddress: bob.wallet.dagAddress,
      newBalance: null,
      transferId: transfer!.id,
      txHashes: [TX],
      commandPostId: '9001',
    },
  });
  await t.deps.db.insert(evidenceRecords).values({
    tweetId: '8001',
    requestPostId: '8002',
    requesterId: '701',
    requesterUsername: 'alice',
    authorId: '702',
    authorUsername: 'bob',
    tweetType: 'original',
    tweetContent: 'A post worth keeping',
    record: {} as never,
    contentHash: 'c'.repeat(64),
    fingerprintHash: 'f00d'.repeat(16),
    eventId: 'e1',
    submission: {},
    state: 'submitted',
    createdAt: new Date('2026-11-28T12:00:00Z'),
  });
  await recordActivities(t.deps, { userId: '701', at: [new Date(), new Date()] });
  await recordActivities(t.deps, { userId: '702', at: [new Date()] });
}, 60_000);
afterAll(() => t?.close());

describe('every shared link a card (issue 43 §4)', () => {
  it('a receipt serves its own title, description, canonical URL and a 1200×630 card of its figures', async () => {
    const { html, result } = await graphOf('/receipts/9001');
    expect(result.ogTitle).toBe('Receipt: Sent 5.00 UP to @bob · confirmed — Upsider');
    expect(html).toContain('<title>Receipt: Sent 5.00 UP to @bob · confirmed — Upsider</title>');
    expect(result.ogDescription).toMatch(/From @alice/);
    expect(result.twitterCard).toBe('summary_large_image');
    expect(html).toMatch(/<link rel="canonical" href="http:\/\/[^"]+\/receipts\/9001"/);
    const image = result.ogImage?.[0];
    expect(image).toMatchObject({ width: '1200', height: '630', type: 'image/png' });
    const res = await card(image!.url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    const png = Buffer.from(await res.arrayBuffer());
    expect(png.subarray(0, 4)).toEqual(PNG);
    expect(sizeOf(png)).toEqual([1200, 630]);
    fs.writeFileSync('/tmp/share-receipt.png', png);
    // The receipt's API says the same: From and To with handles, and the total debited.
    const api = (await (await t.app.request('/api/receipts/9001')).json()) as {
      transfer: { from: { handle: string }; to: { handle: string }; total: string };
    };
    expect(api.transfer).toMatchObject({
      from: { handle: 'alice' },
      to: { handle: 'bob' },
      total: '502500000',
    });
    const etag = res.headers.get('etag')!;
    expect((await card(image!.url, { 'if-none-match': etag })).status).toBe(304);
  });

  it('an evidence record and /leaderboard serve their own title and card', async () => {
    const evidence = await graphOf('/digital-evidence/tweet/8001');
    expect(evidence.result.ogTitle).toBe("Evidence: @bob's post fingerprinted — Upsider");
    expect(evidence.result.ogDescription).toMatch(/f00df00df00d/);
    const ev = await card(evidence.result.ogImage![0]!.url);
    fs.writeFileSync('/tmp/share-evidence.png', Buffer.from(await ev.arrayBuffer()));

    const board = await graphOf('/leaderboard');
    expect(board.result.ogTitle).toBe('Leaderboard — Upsider');
    const b = await card(board.result.ogImage![0]!.url);
    expect(b.status).toBe(200);
    fs.writeFileSync('/tmp/share-leaderboard.png', Buffer.from(await b.arrayBuffer()));
    const allTime = await graphOf('/leaderboard?period=all-time');
    expect(allTime.result.ogTitle).toBe('Leaderboard · All time — Upsider');
    expect(allTime.result.ogDescription).toMatch(/1\. @alice · 2 mentions/);
  });

  it('an unknown record gets the generic card, never a 500; an unknown path says noindex', async () => {
    const missing = await graphOf('/receipts/404404');
    expect(missing.result.ogTitle).toBe('Upsider');
    expect(missing.html).toContain('<meta name="robots" content="noindex" />');
    const res = await card(missing.result.ogImage![0]!.url);
    expect(res.status).toBe(200);
    expect((await t.app.request('/api/cards/receipt/nope.png')).status).toBe(200);
    expect((await graphOf('/no-such-page')).html).toContain('content="noindex"');
    expect((await graphOf('/')).html).not.toContain('noindex');
  });

  it('robots.txt names the sitemap, which lists the public pages and records', async () => {
    const robots = await (await t.app.request('/robots.txt')).text();
    expect(robots).toMatch(/Sitemap: http:\/\/\S+\/sitemap\.xml/);
    const sitemap = await (await t.app.request('/sitemap.xml')).text();
    for (const path of [
      '/leaderboard<',
      '/premium<',
      '/receipts/9001<',
      '/digital-evidence/tweet/8001<',
    ])
      expect(sitemap).toContain(path);
    expect(sitemap).not.toContain('/dashboard');
  });
});
