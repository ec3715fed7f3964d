import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CookieJar, ORIGIN, request, signIn } from '../../../support/sign-in.ts';
import { createTestApp } from '../../../support/test-app.ts';

/** Signed-in API answers must not be cached; they once had no Cache-Control at all. */
let t: Awaited<ReturnType<typeof createTestApp>>;
const jar = new CookieJar();
beforeAll(async () => {
  t = await createTestApp({}, { sandbox: true });
  await signIn(t.app, jar, 'cache_cleo');
});
afterAll(() => t.close());

describe('signed-in API responses', () => {
  it.each(['/api/auth/me', '/api/auth/wallet-balances', '/api/twitter/authorization-status'])(
    '%s is Cache-Control: no-store',
    async (path) => {
      const res = await request(t.app, jar, path, { headers: { origin: ORIGIN } });
      expect(res.headers.get('cache-control')).toBe('no-store');
    },
  );
});

describe('a body that varies by cookie', () => {
  it('/api/polymarket/portfolio says Vary: Cookie as well as its encoding, signed in or not', async () => {
    const asked = { headers: { 'accept-encoding': 'gzip' } };
    for (const res of [
      await request(t.app, jar, '/api/polymarket/portfolio', asked),
      await t.app.request('/api/polymarket/portfolio', asked),
    ]) {
      expect(res.status).toBe(200);
      const vary = (res.headers.get('vary') ?? '').split(',').map((f) => f.trim().toLowerCase());
      expect(vary).toEqual(expect.arrayContaining(['cookie', 'accept-encoding']));
    }
  });
});
