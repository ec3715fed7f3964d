import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProject, setProjectDisabled } from '@/core/external/projects.ts';
import { openTokens } from '@/core/external/user-tokens.ts';
import { xUserTokens } from '@/db/schema/index.ts';
import { CookieJar, grantPosting, ORIGIN, request, signIn } from '../../../support/sign-in.ts';
import { createTestApp } from '../../../support/test-app.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
/** Calls the product's X client made to the token endpoint (refreshes). */
let tokenCalls = 0;

beforeAll(async () => {
  t = await createTestApp(
    {},
    {
      sandbox: true,
      xFetch: async (url, init) => {
        if (url.endsWith('/2/oauth2/token')) tokenCalls++;
        return t.app.request(url, init);
      },
    },
  );
});
afterAll(() => t.close());

async function signedIn(username: string) {
  const jar = new CookieJar();
  await signIn(t.app, jar, username);
  const me = await (await request(t.app, jar, '/api/auth/me')).json();
  const call = (method: string, path: string, body?: unknown) =>
    request(t.app, jar, path, {
      method,
      headers: { origin: ORIGIN, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  /** Authorize on /authorize-twitter: X's consent for posting, then the page's re-check. */
  const authorize = async () => {
    expect((await grantPosting(t.app, jar, username)).landing).toBe(
      '/authorize-twitter?authorized=1',
    );
    return call('POST', '/api/twitter/authorize-external');
  };
  return { jar, xUserId: me.twitterId as string, call, authorize };
}

function post(apiKey: string, body: Record<string, unknown>) {
  return t.app.request('/api/external/v1/posts', {
    method: 'POST',
    // A server-to-server call from another origin: allowed here, because the key is the credential.
    headers: { authorization: `Bearer ${apiKey}`, origin: 'https://project.example' },
    body: JSON.stringify(body),
  });
}

async function postsOnLocalX() {
  const res = await t.app.request('/sandbox/x/_admin/posts?limit=1000');
  return (await res.json()) as { id: string; text: string; author: { username: string } }[];
}

describe('outside projects posting for a user', () => {
  it('authorize → allowed project posts → post log → revoke → refused', async () => {
    const user = await signedIn('poster_pat');
    const { project, apiKey } = await createProject(t.deps, { name: 'Good Project', dailyCap: 5 });

    const before = await (await user.call('GET', '/api/twitter/authorization-status')).json();
    expect(before).toMatchObject({ isAuthorized: false, allowedProjects: [] });

    // Sign-in asked to read only: nothing to let projects use until the user grants posting.
    const early = await user.call('POST', '/api/twitter/authorize-external');
    expect(early.status).toBe(409);
    expect((await early.json()).error.code).toBe('x_consent_required');
    const auth = await user.authorize();
    expect(auth.status).toBe(200);
    const status = (await auth.json()).status;
    expect(status).toMatchObject({ isAuthorized: true, lastUsedAt: null });
    expect(status.scopes).toEqual(expect.arrayContaining(['tweet.write', 'offline.access']));
    expect(Date.parse(status.expiresAt)).toBeGreaterThan(Date.now());

    // Authorized, but this project is not on the user's list yet.
    expect((await post(apiKey, { username: 'poster_pat', text: 'too early' })).status).toBe(403);

    const projects = await (await user.call('GET', '/api/twitter/projects')).json();
    expect(projects.projects).toContainEqual({ id: project.id, name: 'Good Project', dailyCap: 5 });
    const allow = await user.call('PUT', '/api/twitter/allowed-projects', {
      projectIds: [project.id],
    });
    expect(await allow.json()).toEqual({
      allowedProjects: [{ id: project.id, name: 'Good Project' }],
    });

    const made = await post(apiKey, { username: '@Poster_Pat', text: 'gm from Good Project' });
    expect(made.status).toBe(201);
    const { postId } = await made.json();
    const onX = (await postsOnLocalX()).find((p) => p.id === postId);
    expect(onX).toMatchObject({ text: 'gm from Good Project', author: { username: 'poster_pat' } });

    const after = await (await user.call('GET', '/api/twitter/authorization-status')).json();
    expect(after.lastUsedAt).toBeTruthy();
    expect(after.allowedProjects).toEqual([{ id: project.id, name: 'Good Project' }]);
    const log = await (await user.call('GET', '/api/twitter/post-log')).json();
    expect(log.entries[0]).toMatchObject({
      projectName: 'Good Project',
      text: 'gm from Good Project',
      result: 'posted',
      postId,
    });

    const [row] = await t.deps.db
      .select()
      .from(xUserTokens)
      .where(eq(xUserTokens.xUserId, user.xUserId));
    const { accessToken } = openTokens(t.deps, row!);

    const revoke = await user.call('POST', '/api/twitter/revoke-external');
    expect(await revoke.json()).toMatchObject({ success: true, revokedAtX: true });
    expect((await post(apiKey, { xUserId: user.xUserId, text: 'after revoke' })).status).toBe(403);
    // The token no longer works at X either.
    const me = await t.app.request('/sandbox/x/2/users/me', {
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(me.status).toBe(401);
    // Authorizing again needs X's consent again: the revoked tokens are gone.
    const again = await user.call('POST', '/api/twitter/authorize-external');
    expect(again.status).toBe(409);
    expect((await again.json()).error.code).toBe('x_consent_required');
  });

  it('enforces the daily cap per user per project per UTC day', async () => {
    const user = await signedIn('capped_cat');
    const { project, apiKey } = await createProject(t.deps, { name: 'Capped', dailyCap: 2 });
    await user.authorize();
    await user.call('PUT', '/api/twitter/allowed-projects', { projectIds: [project.id] });
    expect((await post(apiKey, { username: 'capped_cat', text: 'one' })).status).toBe(201);
    expect((await post(apiKey, { username: 'capped_cat', text: 'two' })).status).toBe(201);
    const third = await post(apiKey, { username: 'capped_cat', text: 'three' });
    expect(third.status).toBe(429);
    expect((await third.json()).error.code).toBe('daily_cap_reached');
    expect((await postsOnLocalX()).some((p) => p.text === 'three')).toBe(false);
  });

  it('refuses bad keys, disabled projects and projects the user did not choose', async () => {
    const user = await signedIn('picky_pam');
    const chosen = await createProject(t.deps, { name: 'Chosen', dailyCap: 5 });
    const other = await createProject(t.deps, { name: 'Other', dailyCap: 5 });
    await user.authorize();
    await user.call('PUT', '/api/twitter/allowed-projects', { projectIds: [chosen.project.id] });

    const noKey = await t.app.request('/api/external/v1/posts', { method: 'POST', body: '{}' });
    expect(noKey.status).toBe(401);
    expect((await post('upx_wrong', { username: 'picky_pam', text: 'x' })).status).toBe(401);
    const notChosen = await post(other.apiKey, { username: 'picky_pam', text: 'not chosen' });
    expect(notChosen.status).toBe(403);
    expect((await notChosen.json()).error.code).toBe('not_authorized');
    expect((await post(chosen.apiKey, { username: 'nobody_here', text: 'x' })).status).toBe(403);

    await setProjectDisabled(t.deps, { id: chosen.project.id, disabled: true });
    const disabled = await post(chosen.apiKey, { username: 'picky_pam', text: 'disabled' });
    expect(disabled.status).toBe(403);
    expect((await disabled.json()).error.code).toBe('project_disabled');

    const bad = await user.call('PUT', '/api/twitter/allowed-projects', {
      projectIds: ['prj_nope'],
    });
    expect(bad.status).toBe(400);
  });

  it('passes X refusals through as 502 with X’s message', async () => {
    const user = await signedIn('dupe_dan');
    const { project, apiKey } = await createProject(t.deps, { name: 'Dupes', dailyCap: 10 });
    await user.authorize();
    await user.call('PUT', '/api/twitter/allowed-projects', { projectIds: [project.id] });
    expect((await post(apiKey, { username: 'dupe_dan', text: 'same words' })).status).toBe(201);
    const dup = await post(apiKey, { username: 'dupe_dan', text: 'same words' });
    expect(dup.status).toBe(502);
    expect((await dup.json()).error.message).toContain('duplicate');
    const log = await (await user.call('GET', '/api/twitter/post-log')).json();
    expect(log.entries[0]).toMatchObject({ result: 'failed' });
  });
});

describe('stored tokens', () => {
  async function authorizedUser(username: string) {
    const user = await signedIn(username);
    const p = await createProject(t.deps, { name: `P ${username}`, dailyCap: 10 });
    expect((await user.authorize()).status).toBe(200);
    await user.call('PUT', '/api/twitter/allowed-projects', { projectIds: [p.project.id] });
    const row = async () =>
      (await t.deps.db.select().from(xUserTokens).where(eq(xUserTokens.xUserId, user.xUserId)))[0]!;
    const expireSoon = () =>
      t.deps.db
        .update(xUserTokens)
        .set({ expiresAt: new Date(Date.now() + 60_000) })
        .where(eq(xUserTokens.xUserId, user.xUserId));
    return { ...user, apiKey: p.apiKey, row, expireSoon };
  }

  it('detects a flipped byte in the ciphertext or the tag instead of using garbage', async () => {
    const u = await authorizedUser('tamper_tim');
    const original = (await u.row()).accessTokenEnc;
    const parts = original.split('.');
    for (const index of [3, 4]) {
      const bytes = Buffer.from(parts[index]!, 'base64url');
      bytes[0] = bytes[0]! ^ 1;
      const tampered = parts
        .map((p, i) => (i === index ? bytes.toString('base64url') : p))
        .join('.');
      await t.deps.db
        .update(xUserTokens)
        .set({ accessTokenEnc: tampered })
        .where(eq(xUserTokens.xUserId, u.xUserId));
      const res = await post(u.apiKey, { username: 'tamper_tim', text: `tampered ${index}` });
      expect(res.status).toBe(500);
      expect((await postsOnLocalX()).some((p) => p.text === `tampered ${index}`)).toBe(false);
    }
    await t.deps.db
      .update(xUserTokens)
      .set({ accessTokenEnc: original })
      .where(eq(xUserTokens.xUserId, u.xUserId));
    expect((await post(u.apiKey, { username: 'tamper_tim', text: 'intact again' })).status).toBe(
      201,
    );
  });

  it('refreshes a token about to expire once, even for two posts at the same moment', async () => {
    const u = await authorizedUser('fresh_fay');
    const before = openTokens(t.deps, await u.row());
    await u.expireSoon();
    tokenCalls = 0;
    const [a, b] = await Promise.all([
      post(u.apiKey, { username: 'fresh_fay', text: 'first at once' }),
      post(u.apiKey, { username: 'fresh_fay', text: 'second at once' }),
    ]);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(tokenCalls).toBe(1);
    const row = await u.row();
    const after = openTokens(t.deps, row);
    expect(after.refreshToken).not.toBe(before.refreshToken);
    expect(after.accessToken).not.toBe(before.accessToken);
    expect(row.expiresAt!.getTime()).toBeGreaterThan(Date.now() + 60 * 60_000);
    expect(row.refreshLeaseUntil).toBeNull();
  });

  it('marks a refused refresh needs_reauthorization and does not try again', async () => {
    const u = await authorizedUser('stale_stu');
    // The grant dies at X (e.g. the user revoked the app there).
    const { refreshToken } = openTokens(t.deps, await u.row());
    await t.deps.x.revoke(refreshToken!, 'refresh_token');
    await u.expireSoon();
    tokenCalls = 0;
    const first = await post(u.apiKey, { username: 'stale_stu', text: 'needs refresh' });
    expect(first.status).toBe(409);
    expect((await first.json()).error.code).toBe('reauthorization_required');
    expect(tokenCalls).toBe(1);
    const second = await post(u.apiKey, { username: 'stale_stu', text: 'again' });
    expect(second.status).toBe(409);
    expect(tokenCalls).toBe(1);
    const status = await (await u.call('GET', '/api/twitter/authorization-status')).json();
    expect(status).toMatchObject({ isAuthorized: false, state: 'needs_reauthorization' });

    // Signing in again asks to read only: the dead grant stays dead until X's consent again.
    await signIn(t.app, u.jar, 'stale_stu');
    const still = await (await u.call('GET', '/api/twitter/authorization-status')).json();
    expect(still).toMatchObject({ state: 'needs_reauthorization' });
    await grantPosting(t.app, u.jar, 'stale_stu');
    const back = await (await u.call('GET', '/api/twitter/authorization-status')).json();
    expect(back).toMatchObject({ isAuthorized: true, state: 'authorized' });
  });
});
