import { Hono } from 'hono';
import { describe, expect, it, vi } from 'vitest';
import { createCachedJson, matchesEtag } from './cached-json.ts';

function appWith(compute: () => Promise<unknown>, opts: { changedAtKey?: string } = {}) {
  const calls = { n: 0 };
  const cache = createCachedJson({
    name: 'test',
    intervalMs: 60_000,
    ...opts,
    compute: async () => {
      calls.n++;
      return compute();
    },
  });
  const app = new Hono().get('/poll', (c) => cache.respond(c));
  return { app, cache, calls };
}

describe('cached json', () => {
  it('serves one computed body to many requests, with a strong ETag and 304 on a match', async () => {
    const { app, cache, calls } = appWith(async () => ({ n: 1 }));
    const first = await app.request('/poll');
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ n: 1 });
    const etag = first.headers.get('etag') ?? '';
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect(first.headers.get('cache-control')).toBe('no-cache');
    expect(first.headers.get('age')).toBe('0');
    for (let i = 0; i < 5; i++) await app.request('/poll');
    expect(calls.n).toBe(1);
    const again = await app.request('/poll', { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect(again.headers.get('etag')).toBe(etag);
    cache.stop();
  });

  it('changes the ETag when the value changes, and keeps it (and the change time) when not', async () => {
    let value = 1;
    const { app, cache } = appWith(async () => ({ value }), { changedAtKey: 'changedAt' });
    const a = await app.request('/poll');
    const bodyA = await a.json();
    await cache.refresh();
    const same = await app.request('/poll', {
      headers: { 'if-none-match': a.headers.get('etag') ?? '' },
    });
    expect(same.status).toBe(304);
    value = 2;
    await cache.refresh();
    const b = await app.request('/poll', {
      headers: { 'if-none-match': a.headers.get('etag') ?? '' },
    });
    expect(b.status).toBe(200);
    const bodyB = await b.json();
    expect(bodyB.value).toBe(2);
    expect(typeof bodyA.changedAt).toBe('string');
    expect(b.headers.get('etag')).not.toBe(a.headers.get('etag'));
    cache.stop();
  });

  it('keeps the last good body when a compute fails, and says 503 before any success', async () => {
    let fail = true;
    const { app, cache } = appWith(async () => {
      if (fail) throw new Error('db down');
      return { ok: true };
    });
    const none = await app.request('/poll');
    expect(none.status).toBe(503);
    expect((await none.json()).error.code).toBe('not_ready');
    fail = false;
    await cache.refresh();
    expect((await app.request('/poll')).status).toBe(200);
    fail = true;
    await cache.refresh();
    const kept = await app.request('/poll');
    expect(kept.status).toBe(200);
    expect(await kept.json()).toEqual({ ok: true });
    cache.stop();
  });

  it('gzips large bodies for clients that accept it, under their own tag', async () => {
    const { app, cache } = appWith(async () => ({ rows: 'x'.repeat(5000) }));
    const plain = await app.request('/poll');
    const gz = await app.request('/poll', { headers: { 'accept-encoding': 'gzip, br' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gz.headers.get('etag')).not.toBe(plain.headers.get('etag'));
    const revalidated = await app.request('/poll', {
      headers: { 'accept-encoding': 'gzip', 'if-none-match': gz.headers.get('etag') ?? '' },
    });
    expect(revalidated.status).toBe(304);
    cache.stop();
  });

  it('after a quiet spell, waits for a fresh body rather than serving an old one', async () => {
    vi.useFakeTimers(); // its interval and Date.now, stepped (decision 0072)
    let value = 1;
    const cache = createCachedJson({
      name: 'test',
      intervalMs: 20,
      idleAfterMs: 40,
      compute: async () => ({ value }),
    });
    const app = new Hono().get('/poll', (c) => cache.respond(c));
    expect(await (await app.request('/poll')).json()).toEqual({ value: 1 });
    expect(cache.answer({})).not.toBeNull();
    await vi.advanceTimersByTimeAsync(150); // the ticking stopped; the body is old
    value = 2;
    expect(cache.answer({})).toBeNull(); // the fast path hands it to the route…
    expect(await (await app.request('/poll')).json()).toEqual({ value: 2 }); // …which waits
    cache.stop();
    vi.useRealTimers();
  });

  it('matches If-None-Match lists, weak forms and *', () => {
    expect(matchesEtag('"a", "b"', '"b"')).toBe(true);
    expect(matchesEtag('W/"b"', '"b"')).toBe(true);
    expect(matchesEtag('*', '"b"')).toBe(true);
    expect(matchesEtag('"c"', '"b"')).toBe(false);
    expect(matchesEtag(undefined, '"b"')).toBe(false);
  });
});
