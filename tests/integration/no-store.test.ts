import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CookieJar, ORIGIN, request, signIn } from '../support/sign-in.ts';
import { createTestApp } from '../support/test-app.ts';

/** Issue 9, item 11: signed-in API answers were cacheable (no Cache-Control at all). */
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
