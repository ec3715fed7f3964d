import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createXClient } from '@/integrations/x/index.ts';
import { createXTestSandbox, manualClock } from '../../../support/sandbox-x.ts';

/**
 * The local X endpoints post rewards read, in X's shapes: GET /2/tweets?ids= with public_metrics
 * and authors (age, followers), and search/recent for a thread's replies (decision 0020).
 */
const clock = manualClock();
let t: Awaited<ReturnType<typeof createXTestSandbox>>;
let token: string;
const ids: Record<string, string> = {};

const admin = (path: string, body: unknown) =>
  t.app.request(`/sandbox/x/_admin${path}`, { method: 'POST', body: JSON.stringify(body) });
const say = async (username: string, text: string, inReplyToId?: string) =>
  ((await (await admin('/posts', { username, text, inReplyToId })).json()) as { id: string }).id;

beforeAll(async () => {
  t = await createXTestSandbox({ now: clock.now });
  for (const u of ['alice', 'bob', 'carol']) await admin('/users', { username: u });
  token = (
    (await (await admin('/users', { username: 'reader' })).json()) as { accessToken: string }
  ).accessToken;
  await admin('/users/alice/profile', { followersCount: 321, createdAt: '2020-05-01T00:00:00Z' });
  ids.root = await say('alice', 'A post about UP');
  ids.r1 = await say('bob', 'reply one', ids.root);
  ids.r2 = await say('carol', 'reply two', ids.root);
  ids.q = (
    await (await admin('/posts', { username: 'bob', text: 'quoting', quotedId: ids.root })).json()
  ).id;
});
afterAll(() => t.close());

const client = () =>
  createXClient({
    clientId: 'x',
    clientSecret: undefined,
    redirectUri: 'http://localhost/cb',
    authorizeUrl: 'http://localhost/i/oauth2/authorize',
    tokenUrl: 'http://localhost/2/oauth2/token',
    revokeUrl: 'http://localhost/2/oauth2/revoke',
    apiUrl: 'http://localhost/sandbox/x',
    fetch: async (url, init) => t.app.request(url.replace('http://localhost', ''), init),
  });

describe('local X lookups for post rewards', () => {
  it('GET /2/tweets?ids= gives metrics and the author, and a missing id as a partial error', async () => {
    const res = await t.app.request(
      `/sandbox/x/2/tweets?ids=${ids.root},999&tweet.fields=public_metrics&expansions=author_id&user.fields=created_at,public_metrics`,
      { headers: { authorization: `Bearer ${token}` } },
    );
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.data[0].public_metrics).toMatchObject({
      reply_count: 2,
      quote_count: 1,
      like_count: 0,
    });
    expect(body.includes.users[0]).toMatchObject({
      username: 'alice',
      created_at: '2020-05-01T00:00:00.000Z',
      public_metrics: { followers_count: 321 },
    });
    expect(body.errors[0]).toMatchObject({
      title: 'Not Found Error',
      resource_id: '999',
      parameter: 'ids',
    });
  });

  it('the product client reads metrics and the repliers of a thread', async () => {
    const x = client();
    const { tweets, users } = await x.getTweetsWithMetrics(token, [ids.root!]);
    expect(tweets[0]?.public_metrics?.reply_count).toBe(2);
    expect(users[0]?.public_metrics?.followers_count).toBe(321);
    const thread = await x.searchConversation(token, ids.root!);
    // X's conversation_id: matches the thread's root too (its conversation id is its own id).
    expect(thread.tweets.map((p) => p.id).sort()).toEqual([ids.root, ids.r1, ids.r2].sort());
  });

  it('search/recent finds a cashtag with X paging: next_token pages, since_id, rate-limit headers', async () => {
    const before = await say('dana', 'Older news: $UP listed today');
    clock.advance(1000);
    const cash: string[] = [];
    for (let i = 0; i < 12; i++)
      cash.push(await say('erin', `Post ${i} about $UP and its holders`));
    await say('erin', 'About $UPX only, another coin');
    await say('erin', 'About UP without the cashtag');
    clock.advance(60_000);
    const q = (params: string) =>
      t.app.request(`/sandbox/x/2/tweets/search/recent?${params}`, {
        headers: { authorization: `Bearer ${token}` },
      });
    const first = await q(
      `query=${encodeURIComponent('$UP -is:retweet')}&since_id=${before}&tweet.fields=public_metrics`,
    );
    expect(first.status).toBe(200);
    expect(first.headers.get('x-rate-limit-limit')).toBe('300');
    const page1 = await first.json();
    expect(page1.data.map((p: { id: string }) => p.id)).toEqual(cash.slice(2).reverse());
    expect(page1.meta).toMatchObject({ result_count: 10, newest_id: cash[11], oldest_id: cash[2] });
    const again = await (
      await q(`query=%24UP&since_id=${before}&next_token=${page1.meta.next_token}`)
    ).json();
    expect(again.data.map((p: { id: string }) => p.id)).toEqual([cash[1], cash[0]]);
    expect(again.meta.next_token).toBeUndefined();
    // The client walks the pages; since_id = the newest id seen leaves nothing new.
    const x = client();
    const found = await x.searchRecent(token, {
      query: '$UP -is:retweet',
      sinceId: before,
      maxResults: 10,
    });
    expect(found.tweets.map((p) => p.id)).toEqual([...cash].reverse());
    expect(found.complete).toBe(true);
    expect(found.users[0]).toMatchObject({ username: 'erin' });
    const none = await x.searchRecent(token, { query: '$UP', sinceId: found.newestId });
    expect(none.tweets).toEqual([]);
    expect(await (await q(`query=%24UP&since_id=${found.newestId}`)).json()).toEqual({
      meta: { result_count: 0 },
    });
  });

  it("search/recent answers X's 400s: no positive term, unknown syntax, end_time too late, old start_time", async () => {
    const ask = async (params: string) => {
      const res = await t.app.request(`/sandbox/x/2/tweets/search/recent?${params}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.status).toBe(400);
      expect(res.headers.get('content-type')).toContain('application/problem+json');
      const body = await res.json();
      expect(body).toMatchObject({ title: 'Invalid Request' });
      return JSON.stringify(body.errors);
    };
    expect(await ask(`query=${encodeURIComponent('-is:retweet')}`)).toContain('non-negation');
    expect(await ask(`query=${encodeURIComponent('$UP OR $DAG')}`)).toContain('local X');
    expect(await ask(`query=%24UP&end_time=${clock.now().toISOString()}`)).toContain('10 seconds');
    const old = new Date(clock.now().getTime() - 8 * 86_400_000).toISOString();
    expect(await ask(`query=%24UP&start_time=${old}`)).toContain('start_time');
    expect(await ask('query=%24UP&max_results=5')).toContain('max_results');
  });

  it('likes and reposts are tied to accounts: metrics, liking_users, retweeted_by, paging', async () => {
    const post = await say('alice', 'Likeable $UP post');
    const engage = (username: string, kind: string) =>
      admin(`/posts/${post}/engagements`, { username, kind });
    for (const u of ['fan1', 'fan2', 'fan3']) await engage(u, 'like');
    await engage('fan1', 'like'); // once per account, as on X
    const last = await (await engage('fan2', 'repost')).json();
    expect(last).toEqual({ postId: post, likeCount: 3, retweetCount: 1 });
    const x = client();
    const { tweets } = await x.getTweetsWithMetrics(token, [post]);
    expect(tweets[0]?.public_metrics).toMatchObject({ like_count: 3, retweet_count: 1 });
    const likers = await x.getLikingUsers(token, post);
    expect(likers.users.map((u) => u.username).sort()).toEqual(['fan1', 'fan2', 'fan3']);
    expect(likers.rateLimit?.limit).toBe(75);
    expect((await x.getRetweetedBy(token, post)).users.map((u) => u.username)).toEqual(['fan2']);
    const paged = await (
      await t.app.request(`/sandbox/x/2/tweets/${post}/liking_users?max_results=2`, {
        headers: { authorization: `Bearer ${token}` },
      })
    ).json();
    expect(paged.meta).toMatchObject({ result_count: 2 });
    const rest = await (
      await t.app.request(
        `/sandbox/x/2/tweets/${post}/liking_users?max_results=2&pagination_token=${paged.meta.next_token}`,
        { headers: { authorization: `Bearer ${token}` } },
      )
    ).json();
    expect(
      [...paged.data, ...rest.data].map((u: { username: string }) => u.username).sort(),
    ).toEqual(['fan1', 'fan2', 'fan3']);
    expect(rest.meta.next_token).toBeUndefined();
  });

  it('liking_users needs a user token with like.read (X: 403 Forbidden; app token: Unsupported Authentication)', async () => {
    const { appBearerToken } = t.service.describe() as { appBearerToken: string };
    const res = await t.app.request(`/sandbox/x/2/tweets/${ids.root}/liking_users`, {
      headers: { authorization: `Bearer ${appBearerToken}` },
    });
    expect(res.status).toBe(403);
    expect((await res.json()).title).toBe('Unsupported Authentication');
    const reposts = await t.app.request(`/sandbox/x/2/tweets/${ids.root}/retweeted_by`, {
      headers: { authorization: `Bearer ${appBearerToken}` },
    });
    expect(reposts.status).toBe(200);
  });
});
