import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { xUserTokens } from '@/db/schema/index.ts';
import {
  answerConsent,
  CookieJar,
  grantPosting,
  ORIGIN,
  request,
  signIn,
  startLogin,
} from '../../../support/sign-in.ts';
import { createTestApp } from '../../../support/test-app.ts';

/**
 * Sign-in asks X only who the user is; posting and offline access are asked on
 * /authorize-twitter, where the user grants them knowingly (decision 0045). X's consent page (the
 * local X's) lists what each asks.
 */
let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp({}, { sandbox: true });
});
afterAll(() => t.close());

const consentText = async (jar: CookieJar, url: URL) =>
  (await request(t.app, jar, url.toString())).text();
const status = async (jar: CookieJar) =>
  (await request(t.app, jar, '/api/twitter/authorization-status')).json();

describe('what each X consent asks', () => {
  it('sign-in asks tweet.read and users.read only, and keeps no X token', async () => {
    const jar = new CookieJar();
    const { authorizeUrl, nonce } = await startLogin(t.app, jar);
    expect(authorizeUrl.searchParams.get('scope')).toBe('tweet.read users.read');
    expect(await consentText(jar, authorizeUrl)).toContain(
      'Requested scopes: tweet.read, users.read<',
    );
    const callback = await answerConsent(t.app, jar, {
      nonce,
      username: 'reader_ria',
      decision: 'allow',
    });
    await request(t.app, jar, callback.pathname + callback.search);
    const me = await (await request(t.app, jar, '/api/auth/me')).json();
    const kept = await t.deps.db
      .select()
      .from(xUserTokens)
      .where(eq(xUserTokens.xUserId, me.twitterId));
    expect(kept).toEqual([]);
    expect(await status(jar)).toMatchObject({ isAuthorized: false, scopes: [] });
  });

  it('/authorize-twitter asks the posting scopes, and the grant outlives a later sign-in', async () => {
    const jar = new CookieJar();
    await signIn(t.app, jar, 'poster_pia');
    const { authorizeUrl, landing } = await grantPosting(t.app, jar, 'poster_pia');
    expect(authorizeUrl.searchParams.get('scope')).toBe(
      'tweet.read tweet.write users.read offline.access',
    );
    expect(authorizeUrl.searchParams.get('redirect_uri')).toMatch(
      /\/api\/auth\/twitter\/callback$/,
    );
    expect(await consentText(jar, authorizeUrl)).toContain(
      'Requested scopes: tweet.read, tweet.write, users.read, offline.access<',
    );
    expect(landing).toBe('/authorize-twitter?authorized=1');
    expect(await status(jar)).toMatchObject({
      isAuthorized: true,
      scopes: ['tweet.read', 'tweet.write', 'users.read', 'offline.access'],
    });
    // Signing in again (read-only) leaves the posting grant as it was.
    await signIn(t.app, jar, 'poster_pia');
    expect((await status(jar)).scopes).toContain('tweet.write');
    const [row] = await t.deps.db.select().from(xUserTokens);
    expect(row!.accessTokenEnc.startsWith('v1.')).toBe(true);
  });

  it('refuses a grant from another X account than the signed-in one, and asks signed-in users only', async () => {
    const jar = new CookieJar();
    await signIn(t.app, jar, 'owner_oli');
    const start = await request(t.app, jar, '/api/twitter/authorize');
    const page = await consentText(jar, new URL(start.headers.get('location')!));
    const nonce = /name="nonce" value="([^"]+)"/.exec(page)![1]!;
    const callback = await answerConsent(t.app, jar, {
      nonce,
      username: 'someone_else',
      decision: 'allow',
    });
    const done = await request(t.app, jar, callback.pathname + callback.search);
    expect(done.headers.get('location')).toMatch(/^\/\?error=auth_failed&message=.*someone_else/);
    expect(await status(jar)).toMatchObject({ isAuthorized: false });
    expect((await request(t.app, jar, '/api/auth/me')).status).toBe(200);

    const signedOut = await t.app.request('/api/twitter/authorize', {
      headers: { origin: ORIGIN },
    });
    expect(signedOut.status).toBe(401);
  });
});
