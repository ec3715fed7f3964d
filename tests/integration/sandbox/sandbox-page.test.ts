import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AgentEnv, offsetClock, startAgentEnv } from '../../support/agent-env.ts';
import { answerConsent, CookieJar, request } from '../../support/sign-in.ts';
import { createTestApp } from '../../support/test-app.ts';

/** `/sandbox` from a browser: an HTML page with forms; JSON for API clients. */
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

describe('sandbox users and sign in as', () => {
  it('lists the docs’ example handles (not the agent) with a sign-in-as button each', async () => {
    await t.app.request('/sandbox/x/_admin/users', {
      method: 'POST',
      body: JSON.stringify({ username: 'newcomer' }),
    });
    const html = await (await t.app.request('/sandbox', { headers: HTML })).text();
    for (const u of ['alice', 'bob', 'friend', 'newcomer']) {
      expect(html).toContain(`<a href="/sandbox/x/${u}">@${u}</a>`);
      expect(html).toContain(
        `<input type="hidden" name="username" value="${u}"><button type="submit">Sign in as @${u}</button>`,
      );
    }
    expect(html).not.toContain('Sign in as @UpsiderAgent');
    // No agent runs in this app: the page says so instead of inventing a state.
    expect(html).toContain('The agent is not running on this server.');
  });

  it('signs in to the site as that user through the local X’s OAuth consent, name filled in', async () => {
    const jar = new CookieJar();
    const start = await request(
      t.app,
      jar,
      '/sandbox/_admin/forms/sign-in-as',
      form({ username: 'bob' }),
    );
    expect(start.status).toBe(303);
    expect(start.headers.get('location')).toBe('/api/auth/twitter/login?returnTo=%2Fdashboard');
    expect(start.headers.get('set-cookie')).toMatch(/Path=\/sandbox\/x;.*HttpOnly/i);

    const login = await request(t.app, jar, start.headers.get('location')!);
    expect(login.status).toBe(302);
    expect(login.headers.get('location')).toContain('/sandbox/x/i/oauth2/authorize?');
    const consent = await (await request(t.app, jar, login.headers.get('location')!)).text();
    expect(consent).toMatch(/name="username" value="bob"/);
    const nonce = /name="nonce" value="([^"]+)"/.exec(consent)![1]!;

    const callback = await answerConsent(t.app, jar, { nonce, username: 'bob', decision: 'allow' });
    const done = await request(t.app, jar, callback.pathname + callback.search);
    expect(done.headers.get('location')).toBe('/dashboard');
    const me = await request(t.app, jar, '/api/auth/me');
    expect((await me.json()).username).toBe('bob');
  });

  it('refuses what is not a username, and a form from another site', async () => {
    const bad = await t.app.request('/sandbox/_admin/forms/sign-in-as', form({ username: 'a b<' }));
    expect(decodeURIComponent(bad.headers.get('location')!)).toBe(
      '/sandbox?flash=Not a local X username.',
    );
    expect(bad.headers.get('set-cookie')).toBeNull();
    const cross = await t.app.request('/sandbox/_admin/forms/sign-in-as', {
      ...form({ username: 'bob' }),
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'https://evil.example',
      },
    });
    expect(cross.status).toBe(403);
    expect(cross.headers.get('set-cookie')).toBeNull();
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

describe('the agent’s status on the page', () => {
  const clock = offsetClock();
  let env: AgentEnv;
  beforeAll(async () => {
    env = await startAgentEnv({ now: clock.now });
  }, 180_000);
  afterAll(() => env?.close());
  const page = async () =>
    (await env.app.request(`${env.config.publicUrl}/sandbox`, { headers: HTML })).text();

  it('shows running with the last read’s age, then stalled with the oldest unanswered post', async () => {
    await env.post('alice', '@UpsiderAgent balance');
    await env.drain();
    const running = await page();
    expect(running).toContain('<h2>Agent @UpsiderAgent</h2>');
    expect(running).toContain('<strong data-state="running">running</strong>');
    expect(running).toMatch(/<dt>Last read<\/dt><dd>\d+ s ago<\/dd>/);
    expect(running).toContain('<dt>Oldest unanswered post</dt><dd>none waiting</dd>');
    expect(running).toMatch(/<dt>Mention reads left<\/dt><dd>\d+ \/ \d+<\/dd>/);

    // X refuses the reply (its reply waits), then no read for two minutes: stalled, and the
    // post has waited that long.
    await env.fault({ path: '/2/tweets', status: 503, count: 1000 });
    await env.post('bob', '@UpsiderAgent balance');
    await env.drain();
    clock.advance(120_000);
    // /api/agent/status is recomputed about every second (wall clock), not on every request.
    await expect
      .poll(page, { timeout: 15_000, interval: 500 })
      .toContain('<strong data-state="stalled">stalled</strong>');
    const stalled = await page();
    expect(stalled).toContain('<strong data-state="stalled">stalled</strong>');
    expect(stalled).toMatch(/<dt>Last read<\/dt><dd>2 min ago<\/dd>/);
    expect(stalled).toMatch(/<dt>Oldest unanswered post<\/dt><dd>posted 2 min ago<\/dd>/);
  }, 120_000);
});
