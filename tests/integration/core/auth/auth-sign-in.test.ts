import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pendingLogins, sessions, users, wallets, xUserTokens } from '@/db/schema/index.ts';
import { xUsers } from '@/sandbox/db/schema/x.ts';
import { answerConsent, CookieJar, request, signIn, startLogin } from '../../../support/sign-in.ts';
import { createTestApp } from '../../../support/test-app.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp({}, { sandbox: true });
});
afterAll(() => t.close());

describe('Sign in with X against the local X', () => {
  it('signs in, shows the user, and logs out', async () => {
    const jar = new CookieJar();
    const { authorizeUrl, nonce } = await startLogin(t.app, jar, '/dashboard?tab=1');
    expect(authorizeUrl.searchParams.get('code_challenge_method')).toBe('S256');
    // Sign-in asks who the user is, nothing more (posting: auth-posting-grant.test.ts).
    expect(authorizeUrl.searchParams.get('scope')).toBe('tweet.read users.read');
    expect(jar.cookies.has('upsider_login')).toBe(true);
    const callback = await answerConsent(t.app, jar, {
      nonce,
      username: 'alice_one',
      decision: 'allow',
    });
    expect(callback.pathname).toBe('/api/auth/twitter/callback');
    const done = await request(t.app, jar, callback.pathname + callback.search);
    expect(done.headers.get('location')).toBe('/dashboard?tab=1');
    expect(jar.cookies.has('upsider_login')).toBe(false);
    const cookieLine = done.headers.getSetCookie().find((l) => l.startsWith('upsider_session='))!;
    expect(cookieLine).toMatch(/HttpOnly/i);
    expect(cookieLine).toMatch(/SameSite=Lax/i);
    expect(cookieLine).toMatch(/Path=\//);
    expect(jar.cookies.has('upsider_session')).toBe(true);

    const me = await request(t.app, jar, '/api/auth/me');
    expect(me.status).toBe(200);
    const user = await me.json();
    expect(user).toMatchObject({
      username: 'alice_one',
      twitterId: expect.stringMatching(/^\d+$/),
      dagAddress: expect.stringMatching(/^DAG/),
    });
    expect(user.lastLoginAt).toBeTruthy();

    const dag = await (await request(t.app, jar, '/api/auth/dag-address')).json();
    expect(dag.dagAddress).toBe(user.dagAddress);

    // Only a hash of the session id is stored; the read-only sign-in token is not kept.
    const [row] = await t.deps.db
      .select()
      .from(sessions)
      .where(eq(sessions.xUserId, user.twitterId));
    expect(row!.idHash).not.toBe(jar.cookies.get('upsider_session'));
    const [tokens] = await t.deps.db
      .select()
      .from(xUserTokens)
      .where(eq(xUserTokens.xUserId, user.twitterId));
    expect(tokens).toBeUndefined();
    expect(await t.deps.db.select().from(pendingLogins)).toHaveLength(0);

    const out = await request(t.app, jar, '/api/auth/logout', { method: 'POST' });
    expect(out.status).toBe(200);
    expect(jar.cookies.has('upsider_session')).toBe(false);
    const after = await t.app.request('/api/auth/me', {
      headers: { cookie: `upsider_session=${row!.idHash}` },
    });
    expect(after.status).toBe(401);
    expect((await request(t.app, jar, '/api/auth/me')).status).toBe(401);
  });

  it.each(['https://evil.com', '//evil.com', '/\\evil.com', 'evil.com'])(
    'sends returnTo %s to / instead',
    async (returnTo) => {
      const jar = new CookieJar();
      expect(await signIn(t.app, jar, 'bob_two', returnTo)).toBe('/');
    },
  );

  it('keeps the account and wallet when the handle changes on X', async () => {
    const jar = new CookieJar();
    await signIn(t.app, jar, 'carol_old');
    const before = await (await request(t.app, jar, '/api/auth/me')).json();
    // The person renames their handle on X (the local X has no rename endpoint: edit its table).
    await t.deps.db
      .update(xUsers)
      .set({ username: 'carol_new' })
      .where(eq(xUsers.id, before.twitterId));
    const jar2 = new CookieJar();
    await signIn(t.app, jar2, 'carol_new');
    const after = await (await request(t.app, jar2, '/api/auth/me')).json();
    expect(after.twitterId).toBe(before.twitterId);
    expect(after.username).toBe('carol_new');
    expect(after.dagAddress).toBe(before.dagAddress);
    const rows = await t.deps.db.select().from(users).where(eq(users.xUserId, before.twitterId));
    expect(rows).toHaveLength(1);
    const owned = await t.deps.db
      .select()
      .from(wallets)
      .where(eq(wallets.xUserId, before.twitterId));
    expect(owned).toHaveLength(1);
  });

  it('rotates the session id at sign-in and deletes the old session', async () => {
    const jar = new CookieJar();
    await signIn(t.app, jar, 'dave_rot');
    const first = jar.cookies.get('upsider_session')!;
    await signIn(t.app, jar, 'dave_rot');
    const second = jar.cookies.get('upsider_session')!;
    expect(second).not.toBe(first);
    const stale = await t.app.request('/api/auth/me', {
      headers: { cookie: `upsider_session=${first}` },
    });
    expect(stale.status).toBe(401);
  });
});

describe('sign-in failures redirect home with an error', () => {
  const location = (res: Response) => new URL(res.headers.get('location')!, 'http://x.invalid');

  it('denied consent → twitter_oauth_failed with a message', async () => {
    const jar = new CookieJar();
    const { nonce } = await startLogin(t.app, jar);
    const cb = await answerConsent(t.app, jar, { nonce, username: 'erin', decision: 'deny' });
    const res = await request(t.app, jar, cb.pathname + cb.search);
    const to = location(res);
    expect(to.pathname).toBe('/');
    expect(to.searchParams.get('error')).toBe('twitter_oauth_failed');
    expect(to.searchParams.get('message')).toBeTruthy();
    expect((await request(t.app, jar, '/api/auth/me')).status).toBe(401);
  });

  it('state mismatch → invalid_state', async () => {
    const jar = new CookieJar();
    const { nonce } = await startLogin(t.app, jar);
    const cb = await answerConsent(t.app, jar, { nonce, username: 'frank', decision: 'allow' });
    cb.searchParams.set('state', 'forged');
    const res = await request(t.app, jar, cb.pathname + cb.search);
    expect(location(res).searchParams.get('error')).toBe('invalid_state');
  });

  it('expired pending login → session_expired', async () => {
    const jar = new CookieJar();
    const { nonce } = await startLogin(t.app, jar);
    const cb = await answerConsent(t.app, jar, { nonce, username: 'gina', decision: 'allow' });
    t.clock.advance(11 * 60 * 1000);
    try {
      const res = await request(t.app, jar, cb.pathname + cb.search);
      expect(location(res).searchParams.get('error')).toBe('session_expired');
    } finally {
      t.clock.reset();
    }
  });

  it('missing login cookie → session_expired', async () => {
    const res = await t.app.request('/api/auth/twitter/callback?state=a&code=b');
    expect(location(res).searchParams.get('error')).toBe('session_expired');
  });

  it('no code → no_code', async () => {
    const jar = new CookieJar();
    const { authorizeUrl } = await startLogin(t.app, jar);
    const state = authorizeUrl.searchParams.get('state')!;
    const res = await request(
      t.app,
      jar,
      `/api/auth/twitter/callback?state=${encodeURIComponent(state)}`,
    );
    expect(location(res).searchParams.get('error')).toBe('no_code');
  });

  it('a code X does not accept → auth_failed with a short message and no secrets', async () => {
    const jar = new CookieJar();
    const { authorizeUrl } = await startLogin(t.app, jar);
    const state = authorizeUrl.searchParams.get('state')!;
    const res = await request(
      t.app,
      jar,
      `/api/auth/twitter/callback?state=${encodeURIComponent(state)}&code=not-a-real-code`,
    );
    const to = location(res);
    expect(to.searchParams.get('error')).toBe('auth_failed');
    const message = to.searchParams.get('message')!;
    expect(message.length).toBeLessThan(120);
    expect(message).not.toMatch(/at |Error:|not-a-real-code/);
  });
});
