import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { issueSandboxUserToken } from '@/sandbox/x/accounts.ts';
import { createXTestSandbox, manualClock } from '../../../support/sandbox-x.ts';

const clock = manualClock();
let t: Awaited<ReturnType<typeof createXTestSandbox>>;
let alice: { id: string; accessToken: string };
let bob: { id: string; accessToken: string };

const admin = (path: string, body?: unknown) =>
  t.app.request(
    `/sandbox/x/_admin${path}`,
    body === undefined ? {} : { method: 'POST', body: JSON.stringify(body) },
  );
const api = (path: string, token: string, init: RequestInit = {}) =>
  t.app.request(`/sandbox/x${path}`, {
    ...init,
    headers: { authorization: `Bearer ${token}`, ...init.headers },
  });
const post = (token: string, body: unknown) =>
  api('/2/tweets', token, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

beforeAll(async () => {
  t = await createXTestSandbox({ now: clock.now, limits: { usersMe: 3, tweetCreateAppDaily: 40 } });
});
// Fresh 2-hour tokens for each test: some tests move the clock by a day.
beforeEach(async () => {
  alice = await (await admin('/users', { username: 'alice' })).json();
  bob = await (await admin('/users', { username: 'bob' })).json();
});
afterAll(() => t.close());

describe('authentication and scopes', () => {
  it('answers 401 with X problem JSON for a missing or unknown token', async () => {
    const cases: Record<string, string>[] = [
      {},
      { authorization: 'Bearer nope' },
      { authorization: 'Basic abc' },
    ];
    for (const headers of cases) {
      const res = await t.app.request('/sandbox/x/2/users/me', { headers });
      expect(res.status).toBe(401);
      expect(res.headers.get('content-type')).toContain('application/problem+json');
      expect(await res.json()).toEqual({
        title: 'Unauthorized',
        type: 'about:blank',
        status: 401,
        detail: 'Unauthorized',
      });
    }
  });

  it('answers 403 when the token lacks a scope, with rate-limit headers', async () => {
    const narrow = await issueSandboxUserToken(t.ctx, {
      username: 'narrow',
      scopes: ['users.read'],
    });
    const res = await post(narrow.access_token, { text: 'no tweet.write' });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({
      title: 'Forbidden',
      type: 'about:blank',
      status: 403,
      detail: 'Forbidden',
    });
    expect(res.headers.get('x-rate-limit-limit')).toBe('100');
  });

  it('lets the app-only token read but not act as a user', async () => {
    const { appBearerToken } = t.service.describe() as { appBearerToken: string };
    expect((await api('/2/users/by/username/alice', appBearerToken)).status).toBe(200);
    const res = await api('/2/users/me', appBearerToken);
    expect(res.status).toBe(403);
    expect((await res.json()).title).toBe('Unsupported Authentication');
  });
});

describe('rate limits', () => {
  it('counts down per user in a 15-minute window, then answers 429 until the reset', async () => {
    const carol = await (await admin('/users', { username: 'carol' })).json();
    const seen: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await api('/2/users/me', carol.accessToken);
      expect(res.status).toBe(200);
      expect(res.headers.get('x-rate-limit-limit')).toBe('3');
      seen.push(res.headers.get('x-rate-limit-remaining')!);
    }
    expect(seen).toEqual(['2', '1', '0']);
    const limited = await api('/2/users/me', carol.accessToken);
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual({
      title: 'Too Many Requests',
      detail: 'Too Many Requests',
      type: 'about:blank',
      status: 429,
    });
    const reset = Number(limited.headers.get('x-rate-limit-reset'));
    expect(reset * 1000 - clock.now().getTime()).toBeGreaterThan(14 * 60 * 1000);
    expect(reset * 1000 - clock.now().getTime()).toBeLessThanOrEqual(15 * 60 * 1000);
    // Another user has a window of their own.
    expect((await api('/2/users/me', bob.accessToken)).status).toBe(200);
    clock.advance(15 * 60 * 1000);
    const after = await api('/2/users/me', carol.accessToken);
    expect(after.status).toBe(200);
    expect(after.headers.get('x-rate-limit-remaining')).toBe('2');
  });
});

describe('users', () => {
  it('looks up a user by handle, case-insensitively, with fields', async () => {
    const res = await api(
      '/2/users/by/username/ALICE?user.fields=created_at,profile_image_url,description',
      bob.accessToken,
    );
    const { data } = await res.json();
    expect(data).toMatchObject({ id: alice.id, username: 'alice', name: 'alice' });
    expect(data.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(data.profile_image_url).toMatch(/\/sandbox\/x\/avatars\/alice\.svg$/);
    const avatar = await t.app.request(new URL(data.profile_image_url).pathname);
    expect(avatar.headers.get('content-type')).toBe('image/svg+xml');
  });

  it('answers an unknown handle with 200 and errors[]', async () => {
    const res = await api('/2/users/by/username/nobody_here', bob.accessToken);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      errors: [
        {
          value: 'nobody_here',
          detail: 'Could not find user with username: [nobody_here].',
          title: 'Not Found Error',
          resource_type: 'user',
          parameter: 'username',
          resource_id: 'nobody_here',
          type: 'https://api.twitter.com/2/problems/resource-not-found',
        },
      ],
    });
  });

  it('rejects a malformed handle and unknown parameters with an invalid-request problem', async () => {
    const bad = await api(
      '/2/users/by/username/not-a-handle?user.fields=shoe_size&foo=1',
      bob.accessToken,
    );
    expect(bad.status).toBe(400);
    const body = await bad.json();
    expect(body.title).toBe('Invalid Request');
    const messages = body.errors.map((e: { message: string }) => e.message).join('\n');
    expect(messages).toContain('The query parameter [foo] is not one of [');
    expect(messages).toContain(
      'The `user.fields` query parameter value [shoe_size] is not one of [',
    );
    expect(messages).toContain(
      'The `username` query parameter value [not-a-handle] does not match',
    );
  });
});

describe('POST /2/tweets', () => {
  it('creates a post: 201 with id, text and edit history; ids increase', async () => {
    const first = await post(alice.accessToken, { text: 'first post' });
    expect(first.status).toBe(201);
    const a = (await first.json()).data;
    expect(a).toEqual({
      id: expect.stringMatching(/^\d{18,19}$/),
      text: 'first post',
      edit_history_tweet_ids: [a.id],
    });
    const b = (await (await post(alice.accessToken, { text: 'second post' })).json()).data;
    expect(BigInt(b.id)).toBeGreaterThan(BigInt(a.id));
  });

  it('refuses properties outside the schema', async () => {
    const res = await post(alice.accessToken, {
      text: 'x',
      colour: 'red',
      reply: { in_reply_to_tweet_id: '1', extra: true },
    });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.type).toBe('https://api.twitter.com/2/problems/invalid-request');
    expect(body.errors.map((e: { message: string }) => e.message)).toEqual([
      '$.colour: is not defined in the schema and the schema does not allow additional properties',
      '$.reply.extra: is not defined in the schema and the schema does not allow additional properties',
    ]);
  });

  it('refuses the same text from the same author within 24 hours with X’s 403', async () => {
    expect((await post(alice.accessToken, { text: 'same words' })).status).toBe(201);
    const dup = await post(alice.accessToken, { text: 'same words' });
    expect(dup.status).toBe(403);
    expect(await dup.json()).toEqual({
      detail: 'You are not allowed to create a Tweet with duplicate content.',
      type: 'about:blank',
      title: 'Forbidden',
      status: 403,
    });
    expect((await post(bob.accessToken, { text: 'same words' })).status).toBe(201);
    clock.advance(24 * 60 * 60 * 1000 + 1000);
    const later = await (await admin('/users', { username: 'alice' })).json();
    expect((await post(later.accessToken, { text: 'same words' })).status).toBe(201);
  });

  it("refuses a reply the author did not summon, with X's 403; mention, quote or own post allow it", async () => {
    const plain = (await (await post(alice.accessToken, { text: 'just my thoughts' })).json()).data;
    const refused = await post(bob.accessToken, {
      text: 'unsummoned reply',
      reply: { in_reply_to_tweet_id: plain.id },
    });
    expect(refused.status).toBe(403);
    expect(refused.headers.get('content-type')).toContain('application/problem+json');
    expect(await refused.json()).toEqual({
      detail:
        'Reply to this conversation is not allowed because you have not been mentioned or otherwise engaged by the author of the post you are replying to.',
      type: 'about:blank',
      title: 'Forbidden',
      status: 403,
    });
    const own = await post(alice.accessToken, {
      text: 'replying to myself',
      reply: { in_reply_to_tweet_id: plain.id },
    });
    expect(own.status).toBe(201);
    // A quote made by hand on X (the API allows none on self-serve) summons the quoted author.
    const bobPost = (await (await post(bob.accessToken, { text: 'bob says hi' })).json()).data;
    const quoting = await (
      await admin('/posts', { username: 'alice', text: 'look', quotedId: bobPost.id })
    ).json();
    const engaged = await post(bob.accessToken, {
      text: 'thanks for quoting me',
      reply: { in_reply_to_tweet_id: quoting.id },
    });
    expect(engaged.status).toBe(201);
  });

  it('a reply to the account summons it only by a mention beyond the @handles the reply starts with', async () => {
    const bobPost = (await (await post(bob.accessToken, { text: 'bob asks a question' })).json())
      .data;
    const reply = async (text: string) =>
      (await admin('/posts', { username: 'alice', text, inReplyToId: bobPost.id })).json();
    const answer = (parent: { id: string }, text: string) =>
      post(bob.accessToken, { text, reply: { in_reply_to_tweet_id: parent.id } });
    // No @ at all, or only the leading "@bob" X may have put there itself: not summoned.
    expect((await answer(await reply('sounds good'), 'answer one')).status).toBe(403);
    expect((await answer(await reply('@bob sounds fine'), 'answer two')).status).toBe(403);
    // Named again in the text: summoned.
    expect((await answer(await reply('@bob yes, @bob, go'), 'answer three')).status).toBe(201);
  });

  it('self-serve refuses quote_tweet_id with a 403; enterprise allows quotes and any reply', async () => {
    const plain = (await (await post(alice.accessToken, { text: 'quote me maybe' })).json()).data;
    const quote = await post(bob.accessToken, { text: 'a quote', quote_tweet_id: plain.id });
    expect(quote.status).toBe(403);
    expect(quote.headers.get('content-type')).toContain('application/problem+json');
    expect(await quote.json()).toEqual({
      detail:
        'Quote-posting (using the quote_tweet_id parameter) requires an Enterprise plan. It is not available on self-serve (pay-per-use) tiers.',
      type: 'about:blank',
      title: 'Forbidden',
      status: 403,
    });
    const enterprise = await t.reopen({ now: clock.now, accessTier: 'enterprise' });
    const postThere = (body: unknown) =>
      enterprise.app.request('/sandbox/x/2/tweets', {
        method: 'POST',
        headers: { authorization: `Bearer ${bob.accessToken}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    expect((await postThere({ text: 'quoted there', quote_tweet_id: plain.id })).status).toBe(201);
    const reply = { text: 'an unsummoned reply', reply: { in_reply_to_tweet_id: plain.id } };
    expect((await postThere(reply)).status).toBe(201);
  });

  it('replies and quotes: references, conversation and expansions', async () => {
    const root = (await (await post(alice.accessToken, { text: 'root @bob' })).json()).data;
    const reply = (
      await (
        await post(bob.accessToken, { text: 'a reply', reply: { in_reply_to_tweet_id: root.id } })
      ).json()
    ).data;
    const quote = await (
      await admin('/posts', { username: 'bob', text: 'a quote', quotedId: root.id })
    ).json();
    const fields =
      'tweet.fields=author_id,conversation_id,in_reply_to_user_id,referenced_tweets,created_at&expansions=referenced_tweets.id,author_id';
    const r = await (await api(`/2/tweets/${reply.id}?${fields}`, alice.accessToken)).json();
    expect(r.data).toMatchObject({
      id: reply.id,
      author_id: bob.id,
      conversation_id: root.id,
      in_reply_to_user_id: alice.id,
      referenced_tweets: [{ type: 'replied_to', id: root.id }],
    });
    expect(r.includes.tweets[0]).toMatchObject({ id: root.id, text: 'root @bob' });
    expect(r.includes.users).toEqual([{ id: bob.id, name: 'bob', username: 'bob' }]);
    const q = await (
      await api(`/2/tweets/${quote.id}?tweet.fields=referenced_tweets,entities`, alice.accessToken)
    ).json();
    expect(q.data.referenced_tweets).toEqual([{ type: 'quoted', id: root.id }]);
    const e = await (
      await api(`/2/tweets/${root.id}?post.fields=entities`, alice.accessToken)
    ).json();
    expect(e.data.entities.mentions).toEqual([{ start: 5, end: 9, username: 'bob', id: bob.id }]);
  });

  it('refuses a reply to a missing post with a 400 problem', async () => {
    const res = await post(bob.accessToken, {
      text: 'into the void',
      reply: { in_reply_to_tweet_id: '123456789' },
    });
    expect(res.status).toBe(400);
    expect((await res.json()).errors[0].parameters).toEqual({
      'reply.in_reply_to_tweet_id': ['123456789'],
    });
  });

  it('caps posts per app per 24 hours with x-app-limit-24hour headers', async () => {
    const dave = await (await admin('/users', { username: 'dave' })).json();
    let res: Response;
    let n = 0;
    do res = await post(dave.accessToken, { text: `cap ${n++}` });
    while (res.status === 201 && n < 60);
    expect(res.status).toBe(429);
    expect(res.headers.get('x-app-limit-24hour-limit')).toBe('40');
    expect(res.headers.get('x-app-limit-24hour-remaining')).toBe('0');
  });
});

describe('GET /2/tweets/:id', () => {
  it('answers a missing or deleted post with 200 and a Not Found error', async () => {
    const created = await (await admin('/posts', { username: 'alice', text: 'soon gone' })).json();
    expect((await api(`/2/tweets/${created.id}`, bob.accessToken)).status).toBe(200);
    const del = await api(`/2/tweets/${created.id}`, alice.accessToken, { method: 'DELETE' });
    expect(await del.json()).toEqual({ data: { deleted: true } });
    const res = await api(`/2/tweets/${created.id}`, bob.accessToken);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).not.toHaveProperty('data');
    expect(body.errors[0]).toMatchObject({
      title: 'Not Found Error',
      resource_type: 'tweet',
      resource_id: created.id,
      parameter: 'id',
    });
  });
});

describe('GET /2/users/:id/tweets', () => {
  it('lists the account’s own posts newest first with paging', async () => {
    const nina = await (await admin('/users', { username: 'nina' })).json();
    const made: string[] = [];
    for (let i = 0; i < 7; i++)
      // Admin posts skip rate limits: an earlier test used up the app's daily cap.
      made.push((await (await admin('/posts', { username: 'nina', text: `nina ${i}` })).json()).id);
    const first = await (
      await api(`/2/users/${nina.id}/tweets?max_results=5`, bob.accessToken)
    ).json();
    expect(first.data.map((d: { id: string }) => d.id)).toEqual(made.slice(2).reverse());
    const next = await (
      await api(
        `/2/users/${nina.id}/tweets?max_results=5&pagination_token=${first.meta.next_token}`,
        bob.accessToken,
      )
    ).json();
    expect(next.data.map((d: { id: string }) => d.id)).toEqual(made.slice(0, 2).reverse());
    expect(next.meta).not.toHaveProperty('next_token');
  });
});
