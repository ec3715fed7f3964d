import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../support/test-app.ts';

/** `/sandbox` from a browser (issue 10): an HTML page with forms; JSON for API clients. */
let t: Awaited<ReturnType<typeof createTestApp>>;
const ADDRESS = 'DAG0y4eLqhhXUafeE3mgBstezPTnr8L3tZjAtMWB';
const HTML = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };
const form = (fields: Record<string, string>) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
});

beforeAll(async () => {
  t = await createTestApp({}, { sandbox: true });
});
afterAll(() => t.close());

describe('GET /sandbox', () => {
  it('gives API clients the JSON index, browsers an HTML page without secrets', async () => {
    const json = await (
      await t.app.request('/sandbox', { headers: { accept: 'application/json' } })
    ).json();
    expect(json.sandbox).toBe(true);
    const secret = String(json.services.x.clientSecret);
    expect(secret.length).toBeGreaterThan(8);

    const res = await t.app.request('/sandbox', { headers: HTML });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    expect(res.headers.get('vary')).toMatch(/Accept/);
    const html = await res.text();
    for (const name of ['x', 'constellation', 'market', 'polymarket', 'evidence', 'llm']) {
      expect(html).toContain(`<td>${name}</td>`);
    }
    expect(html).toContain('href="/sandbox/x/home"');
    expect(html).toContain('action="/sandbox/_admin/forms/faucet"');
    expect(html).not.toContain(secret);
  });

  it('escapes what it echoes', async () => {
    const res = await t.app.request(
      `/sandbox?flash=${encodeURIComponent('<script>alert(1)</script>')}`,
      { headers: HTML },
    );
    const html = await res.text();
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });
});

describe('the page’s forms', () => {
  it('the faucet sends tokens and comes back with what it did', async () => {
    const res = await t.app.request(
      '/sandbox/_admin/forms/faucet',
      form({ address: ADDRESS, token: 'UP', tokens: '12.5' }),
    );
    expect(res.status).toBe(303);
    expect(decodeURIComponent(res.headers.get('location')!)).toBe(
      `/sandbox?flash=Sent 12.5 UP to ${ADDRESS}; it counts from the next snapshot.`,
    );
    const bad = await t.app.request(
      '/sandbox/_admin/forms/faucet',
      form({ address: 'nope', token: 'UP', tokens: '1' }),
    );
    expect(decodeURIComponent(bad.headers.get('location')!)).toMatch(
      /^\/sandbox\?flash=Faucet refused/,
    );
  });

  it('posts as a local X user', async () => {
    const res = await t.app.request(
      '/sandbox/_admin/forms/post',
      form({ username: '@formuser', text: 'hello from the form' }),
    );
    expect(res.status).toBe(303);
    expect(decodeURIComponent(res.headers.get('location')!)).toContain('Posted as @formuser');
    const posts = await (await t.app.request('/sandbox/x/_admin/posts')).json();
    expect(posts.some((p: { text: string }) => p.text === 'hello from the form')).toBe(true);
  });

  it('refuses a form posted from another site', async () => {
    const res = await t.app.request('/sandbox/_admin/forms/faucet', {
      ...form({ address: ADDRESS, token: 'UP', tokens: '1000000' }),
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'https://evil.example',
      },
    });
    expect(res.status).toBe(403);
  });
});
