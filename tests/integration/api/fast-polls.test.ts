import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FastJsonRoutes } from '@/api/http/fast-json.ts';
import { createNodeListener } from '@/api/site/node-listener.ts';
import { recordActivity } from '@/core/leaderboards/record-activity.ts';
import { createUser } from '../../support/factories.ts';
import { createTestApp } from '../../support/test-app.ts';

/**
 * Poll endpoints answered by the server straight from their stored body (every open page
 * polls them; decision 0040): the same status, headers and bytes as the app would send, without
 * going through the app.
 */
describe('poll endpoints from memory (server fast path)', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let server: Server;
  let origin = '';
  let throughApp = 0;
  const board = '/api/leaderboard/mentions/all-time';

  beforeAll(async () => {
    const polls = new FastJsonRoutes();
    t = await createTestApp({}, { polls });
    await createUser(t.deps, { xUserId: '71', username: 'ann' });
    await recordActivity(t.deps.db, {
      userId: '71',
      kind: 'mention',
      postId: 'p1',
      at: t.clock.now(),
    });
    const fetchViaApp = (req: Request) => {
      throughApp++;
      return t.app.fetch(req);
    };
    server = createServer(createNodeListener(fetchViaApp, null, polls));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const addr = server.address();
    origin = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
  });
  afterAll(async () => {
    server.close();
    await t.close();
  });

  const headersOf = (res: Response) => {
    const h = Object.fromEntries(res.headers);
    for (const k of ['date', 'connection', 'keep-alive', 'age']) delete h[k];
    return h;
  };

  it('the first poll goes through the app; later ones are the same answer from memory', async () => {
    const first = await fetch(origin + board, { headers: { 'accept-encoding': 'identity' } });
    expect(first.status).toBe(200);
    expect(throughApp).toBe(1);
    const body = await first.text();
    expect(JSON.parse(body).entries[0]).toMatchObject({ username: 'ann', count: 1 });

    const again = await fetch(origin + board, { headers: { 'accept-encoding': 'identity' } });
    expect(throughApp).toBe(1);
    expect(again.status).toBe(200);
    expect(await again.text()).toBe(body);
    expect(headersOf(again)).toEqual(headersOf(first));
    expect(again.headers.get('x-content-type-options')).toBe('nosniff');
    expect(again.headers.get('cache-control')).toBe('no-cache');

    const etag = again.headers.get('etag') ?? '';
    const unchanged = await fetch(origin + board, { headers: { 'if-none-match': etag } });
    expect(unchanged.status).toBe(304);
    expect(await unchanged.text()).toBe('');
    expect(throughApp).toBe(1);
  });

  it('HEAD sends no body; a query string, another method or an unknown path use the app', async () => {
    const head = await fetch(origin + board, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    const before = throughApp;
    await fetch(`${origin}${board}?x=1`);
    await fetch(origin + board, { method: 'POST' });
    const unknown = await fetch(`${origin}/api/leaderboard/likes/all-time`);
    expect(unknown.status).toBe(400);
    expect(throughApp).toBe(before + 3);
  });

  it('liveness is answered from memory with what the app would send', async () => {
    const before = throughApp;
    const fast = await fetch(`${origin}/api/health`);
    expect(throughApp).toBe(before);
    const viaApp = await t.app.request('/api/health');
    expect(fast.status).toBe(200);
    expect(await fast.json()).toEqual(await viaApp.json());
    const { 'content-length': _, ...fastHeaders } = headersOf(fast);
    expect(fastHeaders).toEqual(headersOf(viaApp));
  });
});
