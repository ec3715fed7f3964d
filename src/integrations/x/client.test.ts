import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { createXClient } from './client.ts';
import { XApiError, XOAuthError } from './errors.ts';
import { s256CodeChallenge } from './pkce.ts';

/** The window's reset the fake X names: ten minutes ahead, as a real 15-minute window's is. */
const RESET = Math.floor(Date.now() / 1000) + 600;

/** A tiny in-test X: records what it received and answers like the real one. */
function fakeX() {
  const seen: { path: string; auth?: string; body?: string; query: Record<string, string> }[] = [];
  const app = new Hono();
  const rl = {
    'x-rate-limit-limit': '75',
    'x-rate-limit-remaining': '74',
    'x-rate-limit-reset': String(RESET),
  };
  app.use('*', async (c, next) => {
    seen.push({
      path: c.req.path,
      auth: c.req.header('authorization'),
      query: c.req.query(),
      body: c.req.method === 'POST' ? await c.req.raw.clone().text() : undefined,
    });
    await next();
  });
  app.post('/2/oauth2/token', async (c) => {
    const form = new URLSearchParams(await c.req.text());
    if (form.get('code') === 'bad' || form.get('refresh_token') === 'used')
      return c.json(
        {
          error: 'invalid_request',
          error_description: 'Value passed for the authorization code was invalid.',
        },
        400,
      );
    return c.json({
      token_type: 'bearer',
      expires_in: 7200,
      access_token: 'AT',
      refresh_token: 'RT2',
      scope: 'tweet.read users.read',
    });
  });
  app.post('/2/oauth2/revoke', (c) => c.json({ revoked: true }));
  app.get('/2/users/me', (c) =>
    c.json({ data: { id: '42', username: 'alice', name: 'Alice' } }, 200, rl),
  );
  app.get('/2/users/by/username/:u', (c) =>
    c.req.param('u') === 'ghost'
      ? c.json({
          errors: [
            { title: 'Not Found Error', detail: 'Could not find user with username: [ghost].' },
          ],
        })
      : c.json({ data: { id: '7', username: c.req.param('u'), name: 'Bob' } }),
  );
  app.get('/2/users/:id/mentions', (c) => c.json({ meta: { result_count: 0 } }, 200, rl));
  app.get('/2/tweets/:id', (c) =>
    c.req.param('id') === '404'
      ? c.json({ title: 'Not Found', detail: 'gone' }, 404)
      : c.json({ data: { id: c.req.param('id'), text: 'hi' } }),
  );
  app.post('/2/tweets', async (c) => {
    const body = await c.req.json();
    if (body.text === 'dup')
      return c.json(
        {
          title: 'Forbidden',
          detail: 'You are not allowed to create a Tweet with duplicate content.',
          type: 'about:blank',
          status: 403,
        },
        403,
      );
    if (body.text === 'busy')
      return c.json({ title: 'Too Many Requests', detail: 'Too Many Requests' }, 429, {
        ...rl,
        'x-rate-limit-remaining': '0',
      });
    return c.json({ data: { id: '99', text: body.text } }, 201);
  });
  const client = createXClient({
    clientId: 'cid',
    clientSecret: 'sec',
    authorizeUrl: 'https://x.test/i/oauth2/authorize',
    tokenUrl: 'https://api.x.test/2/oauth2/token',
    revokeUrl: 'https://api.x.test/2/oauth2/revoke',
    apiUrl: 'https://api.x.test',
    redirectUri: 'https://app.test/cb',
    fetch: (url, init) => app.request(url, init),
    now: () => new Date('2030-01-01T00:00:00Z'),
  });
  return { client, seen };
}

describe('X OAuth client', () => {
  it('builds an S256 authorization URL with every parameter X needs', () => {
    const { client } = fakeX();
    const url = client.createAuthorizationUrl('st', 'verifier', ['tweet.read', 'offline.access']);
    expect(url.origin + url.pathname).toBe('https://x.test/i/oauth2/authorize');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: 'code',
      client_id: 'cid',
      redirect_uri: 'https://app.test/cb',
      scope: 'tweet.read offline.access',
      state: 'st',
      code_challenge: s256CodeChallenge('verifier'),
      code_challenge_method: 'S256',
    });
  });

  it('matches the RFC 7636 S256 test vector', () => {
    expect(s256CodeChallenge('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe(
      'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    );
  });

  it('exchanges a code as a confidential client and computes the expiry', async () => {
    const { client, seen } = fakeX();
    const tokens = await client.exchangeCode('good', 'ver');
    expect(tokens).toEqual({
      accessToken: 'AT',
      refreshToken: 'RT2',
      expiresAt: new Date('2030-01-01T02:00:00Z'),
      scopes: ['tweet.read', 'users.read'],
    });
    expect(seen[0]!.auth).toBe(`Basic ${Buffer.from('cid:sec').toString('base64')}`);
    const form = new URLSearchParams(seen[0]!.body);
    expect(form.get('code_verifier')).toBe('ver');
    expect(form.get('client_id')).toBeNull();
  });

  it('turns an OAuth error body into XOAuthError', async () => {
    const { client } = fakeX();
    const err = await client.refresh('used').catch((e) => e);
    expect(err).toBeInstanceOf(XOAuthError);
    expect(err).toMatchObject({ status: 400, error: 'invalid_request', isInvalidGrant: true });
  });

  it('revokes with a token type hint', async () => {
    const { client, seen } = fakeX();
    await client.revoke('RT', 'refresh_token');
    expect(new URLSearchParams(seen[0]!.body).get('token_type_hint')).toBe('refresh_token');
  });
});

describe('X API client', () => {
  it('exposes rate-limit headers', async () => {
    const { client, seen } = fakeX();
    const me = await client.getMe('AT');
    expect(me.user.username).toBe('alice');
    expect(me.rateLimit).toEqual({
      limit: 75,
      remaining: 74,
      resetAt: new Date(RESET * 1000),
    });
    expect(seen[0]!.auth).toBe('Bearer AT');
  });

  it('reads an unknown handle (200 + errors[]) as null', async () => {
    const { client } = fakeX();
    expect((await client.getUserByUsername('AT', 'ghost')).user).toBeNull();
    expect((await client.getUserByUsername('AT', 'bob')).user?.id).toBe('7');
  });

  it('asks for mentions with paging, fields and expansions', async () => {
    const { client, seen } = fakeX();
    const page = await client.getMentions('AT', '42', {
      sinceId: '10',
      maxResults: 50,
      paginationToken: 'n1',
    });
    expect(page.tweets).toEqual([]);
    expect(seen[0]!.query).toMatchObject({
      since_id: '10',
      max_results: '50',
      pagination_token: 'n1',
      expansions: expect.stringContaining('author_id'),
    });
    expect(seen[0]!.query['tweet.fields']).toContain('referenced_tweets');
  });

  it('reads a deleted post as null', async () => {
    const { client } = fakeX();
    expect((await client.getTweet('AT', '404')).tweet).toBeNull();
    expect((await client.getTweet('AT', '5')).tweet?.text).toBe('hi');
  });

  it('creates a reply and reports X problems as typed errors', async () => {
    const { client, seen } = fakeX();
    const made = await client.createTweet('AT', { text: 'gm', reply: { inReplyToTweetId: '5' } });
    expect(made.tweet.id).toBe('99');
    expect(JSON.parse(seen[0]!.body!)).toEqual({
      text: 'gm',
      reply: { in_reply_to_tweet_id: '5' },
    });
    const dup = await client.createTweet('AT', { text: 'dup' }).catch((e) => e);
    expect(dup).toBeInstanceOf(XApiError);
    expect(dup).toMatchObject({
      status: 403,
      retryable: false,
      detail: expect.stringContaining('duplicate'),
    });
    const busy = await client.createTweet('AT', { text: 'busy' }).catch((e) => e);
    expect(busy).toMatchObject({
      status: 429,
      retryable: true,
      resetAt: new Date(RESET * 1000),
    });
  });

  it('reports a network failure as a retryable error without a stack of X internals', async () => {
    const client = createXClient({
      clientId: 'c',
      authorizeUrl: 'https://a/',
      tokenUrl: 'https://a/t',
      revokeUrl: 'https://a/r',
      apiUrl: 'https://a',
      redirectUri: 'https://b/cb',
      fetch: () => Promise.reject(new TypeError('fetch failed')),
    });
    await expect(client.getMe('x')).rejects.toMatchObject({ status: 0, retryable: true });
  });
});
