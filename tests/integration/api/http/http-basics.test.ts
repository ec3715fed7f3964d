import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageViews } from '@/db/schema/index.ts';
import { createTestApp } from '../../../support/test-app.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('API edges', () => {
  it('answers an unknown /api path with a JSON 404', async () => {
    const res = await t.app.request('/api/does-not-exist');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({
      error: { code: 'not_found', message: 'No API route GET /api/does-not-exist' },
    });
  });

  it('answers malformed JSON with 400, not a 5xx', async () => {
    const res = await t.app.request('/api/analytics/pageview', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"path": ',
    });
    expect(res.status).toBe(400);
    expect((await res.json()).error.code).toBe('invalid_json');
  });

  it('rejects an invalid body with a message naming the field', async () => {
    const res = await t.app.request('/api/analytics/pageview', {
      method: 'POST',
      body: JSON.stringify({ path: 'no-leading-slash' }),
    });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.error.code).toBe('invalid_request');
    expect(body.error.message).toContain('path');
  });

  it('refuses a state-changing request from another site', async () => {
    const res = await t.app.request('/api/analytics/pageview', {
      method: 'POST',
      headers: { origin: 'https://evil.example' },
      body: JSON.stringify({ path: '/' }),
    });
    expect(res.status).toBe(403);
    expect((await res.json()).error.code).toBe('cross_site_request');
  });

  it('sends the page security headers on HTML, and nosniff on everything', async () => {
    for (const p of ['/api/health', '/api/nope']) {
      const res = await t.app.request(p);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('content-security-policy')).toBeNull();
    }
    for (const p of ['/', '/sandbox/explorer-not-mounted']) {
      const res = await t.app.request(p);
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toMatch(/script-src 'self'(;|$)/);
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBeTruthy();
    }
  });
});

describe('page views', () => {
  it('stores path, referrer and time and nothing else', async () => {
    const res = await t.app.request('/api/analytics/pageview', {
      method: 'POST',
      headers: { cookie: 'tracking=1' },
      body: JSON.stringify({ path: '/how-it-works?x=1', referrer: 'https://t.co/abc' }),
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('set-cookie')).toBeNull();
    const rows = await t.deps.db.select().from(pageViews);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ path: '/how-it-works?x=1', referrer: 'https://t.co/abc' });
    expect(Object.keys(rows[0]!).sort()).toEqual(['createdAt', 'id', 'path', 'referrer']);
  });
});
