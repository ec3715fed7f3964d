import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProject } from '@/core/external/projects.ts';
import { CookieJar, ORIGIN, request, signIn } from '../../../support/sign-in.ts';
import { createTestApp } from '../../../support/test-app.ts';

/**
 * A NUL or a lone surrogate in a JSON body reached PostgreSQL and came back as a 500.
 * Every API route, signed in, gets bodies with control characters and lone
 * surrogates in every field a route reads: none may answer 5xx.
 */
let t: Awaited<ReturnType<typeof createTestApp>>;
const jar = new CookieJar();
let apiKey: string;

beforeAll(async () => {
  t = await createTestApp({}, { sandbox: true });
  await signIn(t.app, jar, 'fuzz_fran');
  apiKey = (await createProject(t.deps, { name: 'Fuzz', dailyCap: 5 })).apiKey;
});
afterAll(() => t.close());

const BAD = [
  'a\u0000b',
  '\u0000',
  'x\uD800y',
  '\uDC00',
  'ok\uDBFF',
  '\u0001\u001f\u007f',
  '\uFFFF',
];
const FIELDS = ['text', 'path', 'referrer', 'username', 'xUserId', 'replyToId', 'returnTo', 'name'];

function bodiesFor(bad: string): string[] {
  const all = Object.fromEntries(FIELDS.map((f) => [f, bad]));
  return [
    JSON.stringify({ ...all, id: randomUUID() }),
    JSON.stringify({ path: `/${bad}` }),
    JSON.stringify({ projectIds: [bad] }),
    JSON.stringify({ [bad]: 1 }),
    JSON.stringify(bad),
    // Raw (unescaped) control characters and an escaped NUL, as an attacker would send them.
    `{"text":"raw\u0000nul","id":"${randomUUID()}"}`,
    '{"text":"\\u0000","path":"/\\u0000","projectIds":["\\ud800"]}',
  ];
}

describe('JSON bodies with NUL and lone surrogates across every API route', () => {
  it('never answers 5xx', async () => {
    const routes = t.app.routes.filter(
      (r) =>
        r.path.startsWith('/api/') &&
        !r.path.includes('*') &&
        r.method !== 'ALL' &&
        // Signing out would leave the remaining routes unauthenticated.
        !r.path.endsWith('/logout'),
    );
    expect(routes.length).toBeGreaterThan(10);
    const failures: string[] = [];
    for (const route of routes) {
      const path = route.path.replace(/:[A-Za-z]+/g, 'x%00y');
      // A GET or HEAD carries no body: its one request (the bad path) is asked once, not once
      // per body it would have ignored (49 identical requests).
      const bodies =
        route.method === 'GET' || route.method === 'HEAD' ? [undefined] : BAD.flatMap(bodiesFor);
      for (const body of bodies) {
        const res = await request(t.app, jar, path, {
          method: route.method,
          headers: {
            origin: ORIGIN,
            'content-type': 'application/json',
            authorization: `Bearer ${apiKey}`,
          },
          body,
        });
        // 503: the agent routes saying no agent runs in this test app (by design, not a crash).
        if (res.status >= 500 && res.status !== 503)
          failures.push(`${route.method} ${path} ${JSON.stringify(body)} → ${res.status}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it.each([
    ['/api/analytics/pageview', { path: '/a\uD800' }],
    ['/api/twitter/allowed-projects', { projectIds: ['p\u0000'] }],
  ])('%s refuses it as a client mistake', async (path, body) => {
    // The fuzz above may have signed the shared jar out (it calls the logout route too).
    const own = new CookieJar();
    await signIn(t.app, own, 'fuzz_gus');
    const res = await request(t.app, own, path, {
      method: path.endsWith('allowed-projects') ? 'PUT' : 'POST',
      headers: { origin: ORIGIN, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    // The console needs the agent (503 here, before the body is read); the others read it.
    expect(res.status).toBeLessThan(500);
    if (!path.endsWith('console')) expect((await res.json()).error.code).toBe('invalid_text');
  });
});
