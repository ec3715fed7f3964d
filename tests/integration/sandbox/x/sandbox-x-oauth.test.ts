import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authorizeInBrowser,
  basicAuth,
  createXTestSandbox,
  manualClock,
} from '../../../support/sandbox-x.ts';

const clock = manualClock();
let t: Awaited<ReturnType<typeof createXTestSandbox>>;
let client: { clientId: string; clientSecret: string; redirectUris: string[]; tokenUrl: string };

beforeAll(async () => {
  t = await createXTestSandbox({ now: clock.now });
  client = t.service.describe() as typeof client;
});
afterAll(() => t.close());

const pkce = () => {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
};

function token(
  form: Record<string, string>,
  auth: string | null = basicAuth(client.clientId, client.clientSecret),
) {
  return t.app.request('/sandbox/x/2/oauth2/token', {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(auth ? { authorization: auth } : {}),
    },
    body: new URLSearchParams(form),
  });
}

const exchange = (code: string, verifier: string, redirectUri = client.redirectUris[0]!) =>
  token({
    grant_type: 'authorization_code',
    code,
    redirect_uri: redirectUri,
    code_verifier: verifier,
  });

const me = (accessToken: string) =>
  t.app.request('/sandbox/x/2/users/me', { headers: { authorization: `Bearer ${accessToken}` } });

const BAD_CODE = {
  error: 'invalid_request',
  error_description: 'Value passed for the authorization code was invalid.',
};

describe('authorization code + PKCE', () => {
  it('redirects with state and code, and the code buys a working token pair', async () => {
    const { verifier, challenge } = pkce();
    const { res, location, code } = await authorizeInBrowser(t, {
      username: 'alice',
      challenge,
      state: 's-1',
    });
    expect(res.status).toBe(302);
    expect(`${location.origin}${location.pathname}`).toBe(client.redirectUris[0]);
    expect(location.searchParams.get('state')).toBe('s-1');
    const res2 = await exchange(code!, verifier);
    expect(res2.status).toBe(200);
    const body = await res2.json();
    expect(body).toMatchObject({
      token_type: 'bearer',
      expires_in: 7200,
      scope: 'tweet.read users.read tweet.write offline.access',
    });
    expect(body.refresh_token).toEqual(expect.any(String));
    const user = await (await me(body.access_token)).json();
    expect(user.data.username).toBe('alice');
    expect(user.data.id).toMatch(/^[0-9]{18,19}$/);
  });

  it('gives no refresh token without offline.access, and accepts plain PKCE', async () => {
    const verifier = randomBytes(40).toString('base64url');
    const { code } = await authorizeInBrowser(t, {
      username: 'bob',
      challenge: verifier,
      method: 'plain',
      scope: 'tweet.read users.read',
    });
    const body = await (await exchange(code!, verifier)).json();
    expect(body.scope).toBe('tweet.read users.read');
    expect(body).not.toHaveProperty('refresh_token');
  });

  it('refuses a wrong verifier, and the code is spent afterwards', async () => {
    const { verifier, challenge } = pkce();
    const { code } = await authorizeInBrowser(t, { username: 'alice', challenge });
    const wrong = await exchange(code!, pkce().verifier);
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toEqual(BAD_CODE);
    expect((await exchange(code!, verifier)).status).toBe(400);
  });

  it('refuses a code used twice and revokes what the first use issued', async () => {
    const { verifier, challenge } = pkce();
    const { code } = await authorizeInBrowser(t, { username: 'alice', challenge });
    const first = await (await exchange(code!, verifier)).json();
    const again = await exchange(code!, verifier);
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual(BAD_CODE);
    expect((await me(first.access_token)).status).toBe(401);
  });

  it('refuses a code presented after 30 seconds', async () => {
    const { verifier, challenge } = pkce();
    const { code } = await authorizeInBrowser(t, { username: 'alice', challenge });
    clock.advance(31_000);
    expect((await exchange(code!, verifier)).status).toBe(400);
    const fresh = await authorizeInBrowser(t, { username: 'alice', challenge });
    clock.advance(29_000);
    expect((await exchange(fresh.code!, verifier)).status).toBe(200);
  });

  it('refuses a redirect_uri other than the one authorized', async () => {
    const { verifier, challenge } = pkce();
    const { code } = await authorizeInBrowser(t, { username: 'alice', challenge });
    expect((await exchange(code!, verifier, client.redirectUris[1]!)).status).toBe(400);
  });

  it('answers 401 unauthorized_client without valid Basic auth', async () => {
    const { verifier, challenge } = pkce();
    const { code } = await authorizeInBrowser(t, { username: 'alice', challenge });
    const form = {
      grant_type: 'authorization_code',
      code: code!,
      redirect_uri: client.redirectUris[0]!,
      code_verifier: verifier,
      client_id: client.clientId,
    };
    const expected = {
      error: 'unauthorized_client',
      error_description: 'Missing valid authorization header',
    };
    for (const auth of [null, basicAuth(client.clientId, 'wrong-secret')]) {
      const res = await token(form, auth);
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual(expected);
    }
    // The failed attempts did not spend the code.
    expect((await token(form)).status).toBe(200);
  });

  it('takes a JSON body as twitter-api-v2 sends it; only string values count (decision 0055)', async () => {
    const { verifier, challenge } = pkce();
    const { code } = await authorizeInBrowser(t, { username: 'alice', challenge });
    const json = (body: Record<string, unknown>) =>
      t.app.request('/sandbox/x/2/oauth2/token', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: basicAuth(client.clientId, client.clientSecret),
        },
        body: JSON.stringify(body),
      });
    const base = { grant_type: 'authorization_code', redirect_uri: client.redirectUris[0]! };
    const refused = await json({ ...base, code: [code], code_verifier: verifier });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({
      error_description: 'Missing required parameter [code].',
    });
    const res = await json({ ...base, code, code_verifier: verifier });
    expect(res.status).toBe(200);
    expect((await res.json()).access_token).toEqual(expect.any(String));
  });
});

describe('refresh tokens', () => {
  async function signIn() {
    const { verifier, challenge } = pkce();
    const { code } = await authorizeInBrowser(t, { username: 'carol', challenge });
    return (await exchange(code!, verifier)).json();
  }
  const refresh = (refreshToken: string) =>
    token({ grant_type: 'refresh_token', refresh_token: refreshToken });

  it('rotates: the new pair works, the old refresh token does not', async () => {
    const first = await signIn();
    const res = await refresh(first.refresh_token);
    expect(res.status).toBe(200);
    const second = await res.json();
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect((await me(second.access_token)).status).toBe(200);
    const third = await (await refresh(second.refresh_token)).json();
    expect(third.access_token).toEqual(expect.any(String));
  });

  it('revokes the whole family when a rotated refresh token is replayed', async () => {
    const first = await signIn();
    const second = await (await refresh(first.refresh_token)).json();
    const replay = await refresh(first.refresh_token);
    expect(replay.status).toBe(400);
    expect((await replay.json()).error).toBe('invalid_request');
    expect((await me(second.access_token)).status).toBe(401);
    expect((await refresh(second.refresh_token)).status).toBe(400);
  });

  it('expires access tokens after 7200 seconds', async () => {
    const pair = await signIn();
    clock.advance(7_199_000);
    expect((await me(pair.access_token)).status).toBe(200);
    clock.advance(2_000);
    expect((await me(pair.access_token)).status).toBe(401);
    expect((await refresh(pair.refresh_token)).status).toBe(200);
  });

  it('revoke answers {revoked: true} and ends the grant of a refresh token', async () => {
    const pair = await signIn();
    const res = await t.app.request('/sandbox/x/2/oauth2/revoke', {
      method: 'POST',
      headers: {
        authorization: basicAuth(client.clientId, client.clientSecret),
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ token: pair.refresh_token, token_type_hint: 'refresh_token' }),
    });
    expect(await res.json()).toEqual({ revoked: true });
    expect((await me(pair.access_token)).status).toBe(401);
    expect((await refresh(pair.refresh_token)).status).toBe(400);
  });
});

describe('consent screen', () => {
  const authorizeUrl = (over: Record<string, string>) =>
    `/sandbox/x/i/oauth2/authorize?${new URLSearchParams({
      response_type: 'code',
      client_id: client.clientId,
      redirect_uri: client.redirectUris[0]!,
      scope: 'tweet.read users.read',
      state: 's',
      code_challenge: pkce().challenge,
      code_challenge_method: 'S256',
      ...over,
    })}`;

  it('shows the app, the scopes, a Username field and both buttons', async () => {
    const res = await t.app.request(
      authorizeUrl({ scope: 'tweet.read tweet.write users.read offline.access' }),
    );
    const page = await res.text();
    expect(res.status).toBe(200);
    expect(page).toContain('Upsider (sandbox) wants to access your X account.');
    expect(page).toMatch(/<label for="username">Username<\/label>/);
    expect(page).toContain('Authorize app');
    expect(page).toContain('Cancel');
    expect(page).toContain('Post and repost for you.');
    expect(page).not.toMatch(/<script/i);
  });

  it('shows an error page and never redirects for an unknown client or unregistered redirect_uri', async () => {
    const cases: Record<string, string>[] = [
      { client_id: 'nope' },
      { redirect_uri: 'https://evil.example/cb' },
      { code_challenge_method: 'md5' },
    ];
    for (const over of cases) {
      const res = await t.app.request(authorizeUrl(over));
      expect(res.status).toBe(400);
      expect(res.headers.get('location')).toBeNull();
      expect(await res.text()).toContain('Something went wrong');
    }
  });

  it('Cancel sends the browser back with error=access_denied and the state', async () => {
    const { location, code } = await authorizeInBrowser(t, {
      username: 'dave',
      challenge: pkce().challenge,
      decision: 'deny',
      state: 'keep-me',
    });
    expect(code).toBeNull();
    expect(location.searchParams.get('error')).toBe('access_denied');
    expect(location.searchParams.get('error_description')).toBeTruthy();
    expect(location.searchParams.get('state')).toBe('keep-me');
  });

  it('refuses a form without the nonce of a pending request (CSRF), or submitted twice', async () => {
    const post = (nonce: string) =>
      t.app.request('/sandbox/x/i/oauth2/authorize', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ nonce, username: 'mallory', decision: 'allow' }),
      });
    expect((await post('forged')).status).toBe(400);
    const page = await (await t.app.request(authorizeUrl({}))).text();
    const nonce = /name="nonce" value="([^"]+)"/.exec(page)![1]!;
    expect((await post(nonce)).status).toBe(302);
    expect((await post(nonce)).status).toBe(400);
  });

  it('re-shows the form with an error for an invalid username', async () => {
    const page = await (await t.app.request(authorizeUrl({}))).text();
    const nonce = /name="nonce" value="([^"]+)"/.exec(page)![1]!;
    const res = await t.app.request('/sandbox/x/i/oauth2/authorize', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ nonce, username: '<b>bad name</b>', decision: 'allow' }),
    });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain('role="alert"');
    expect(html).toContain('&lt;b&gt;bad name&lt;/b&gt;');
    expect(html).not.toContain('<b>bad name</b>');
  });
});
