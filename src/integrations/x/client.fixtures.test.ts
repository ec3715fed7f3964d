import { describe, expect, it } from 'vitest';
import { createXClient } from './client.ts';
import oauth from './fixtures/oauth2-token.json' with { type: 'json' };
import docs from './fixtures/posts-and-users.json' with { type: 'json' };
import search from './fixtures/search-and-users.json' with { type: 'json' };

interface Seen {
  method: string;
  url: URL;
  headers: Headers;
  body: string;
}

/** A client whose every request is recorded and answered with a documented body. */
function replaying(answer: (req: Seen) => Response, opts: { clientSecret?: string } = {}) {
  const seen: Seen[] = [];
  const client = createXClient({
    clientId: opts.clientSecret ? oauth.confidential.clientId : oauth.clientId,
    clientSecret: opts.clientSecret,
    authorizeUrl: 'https://x.com/i/oauth2/authorize',
    tokenUrl: oauth.tokenUrl,
    revokeUrl: 'https://api.x.com/2/oauth2/revoke',
    redirectUri: oauth.redirectUri,
    apiUrl: 'https://api.x.com',
    now: () => new Date('2026-05-10T12:00:00Z'),
    fetch: async (input, init) => {
      const req = {
        method: init?.method ?? 'GET',
        url: new URL(input),
        headers: new Headers(init?.headers),
        body: typeof init?.body === 'string' ? init.body : '',
      };
      seen.push(req);
      return answer(req);
    },
  });
  return { client, seen };
}

const form = (s: Seen) => Object.fromEntries(new URLSearchParams(s.body));

describe('X OAuth 2.0 token endpoint, as documented', () => {
  it('exchanges a code as a confidential client: the docs’ Basic header and form, no client_id', async () => {
    const { client, seen } = replaying(() => Response.json(oauth.tokenResponse), {
      clientSecret: oauth.confidential.clientSecret,
    });
    const tokens = await client.exchangeCode(oauth.code, oauth.codeVerifier);
    expect(seen[0]?.method).toBe('POST');
    expect(seen[0]?.url.toString()).toBe(oauth.tokenUrl);
    expect(seen[0]?.headers.get('content-type')).toBe('application/x-www-form-urlencoded');
    expect(seen[0]?.headers.get('authorization')).toBe(oauth.confidential.authorization);
    expect(form(seen[0]!)).toEqual(oauth.exchangeForm.confidential);
    expect(tokens).toEqual({
      accessToken: 'xxx...',
      refreshToken: 'yyy...',
      expiresAt: new Date('2026-05-10T14:00:00Z'),
      scopes: ['tweet.write', 'users.read', 'tweet.read', 'offline.access'],
    });
  });

  it('exchanges a code as a public client with client_id in the form and no Authorization', async () => {
    const { client, seen } = replaying(() => Response.json(oauth.tokenResponse));
    await client.exchangeCode(oauth.code, oauth.codeVerifier);
    expect(seen[0]?.headers.get('authorization')).toBeNull();
    expect(form(seen[0]!)).toEqual(oauth.exchangeForm.public);
  });

  it('refreshes with the documented form, confidential and public', async () => {
    const confidential = replaying(() => Response.json(oauth.tokenResponse), {
      clientSecret: oauth.confidential.clientSecret,
    });
    const tokens = await confidential.client.refresh(oauth.refreshToken);
    expect(tokens.refreshToken).toBe('yyy...');
    expect(confidential.seen[0]?.headers.get('authorization')).toBe(
      oauth.confidential.authorization,
    );
    expect(form(confidential.seen[0]!)).toEqual(oauth.refreshForm.confidential);
    const pub = replaying(() => Response.json(oauth.tokenResponse));
    await pub.client.refresh(oauth.refreshToken);
    expect(form(pub.seen[0]!)).toEqual(oauth.refreshForm.public);
  });
});

describe('X API v2 reads and posts, against the docs’ examples', () => {
  it('GET /2/users/me with the user token reads the documented user', async () => {
    const { client, seen } = replaying(() => Response.json(docs.me));
    const { user } = await client.getMe('AT');
    expect(seen[0]?.url.pathname).toBe('/2/users/me');
    expect(seen[0]?.headers.get('authorization')).toBe('Bearer AT');
    expect(user).toMatchObject({ id: '2244994945', username: 'XDevelopers', name: 'X Developers' });
    expect(user.public_metrics?.followers_count).toBe(583423);
  });

  it('GET /2/users/:id/mentions asks for authors and reads includes.users and the meta', async () => {
    const { client, seen } = replaying(() => Response.json(docs.mentions));
    const page = await client.getMentions('AT', '2244994945', { sinceId: '1', maxResults: 10 });
    const url = seen[0]!.url;
    expect(url.pathname).toBe('/2/users/2244994945/mentions');
    expect(url.searchParams.get('since_id')).toBe('1');
    expect(url.searchParams.get('max_results')).toBe('10');
    expect(url.searchParams.get('expansions')?.split(',')).toContain('author_id');
    expect(url.searchParams.get('tweet.fields')?.split(',')).toEqual(
      expect.arrayContaining(['author_id', 'created_at']),
    );
    expect(page.tweets.map((t) => [t.id, t.author_id])).toEqual([
      ['1301573587187331074', '1234567890'],
    ]);
    expect(page.includes.users?.[0]).toMatchObject({ id: '1234567890', username: 'developer' });
    expect(page.meta).toMatchObject({
      newest_id: '1301573587187331074',
      result_count: 1,
      next_token: 't3buvdr5pujq9g7bggsnf3ep2ha28',
    });
  });

  it('an empty mentions page (result_count 0, no data) is no posts and no next page', async () => {
    for (const body of [docs.mentionsEmpty, docs.mentionsEmptyDataArray]) {
      const { client } = replaying(() => Response.json(body));
      const page = await client.getMentions('AT', '2244994945');
      expect(page.tweets).toEqual([]);
      expect(page.meta).toEqual({ result_count: 0 });
    }
  });

  it('GET /2/tweets/:id reads the post and its author, even without the author’s name', async () => {
    const { client, seen } = replaying(() => Response.json(docs.tweet));
    const { tweet, includes } = await client.getTweet('AT', '1228393702244134912');
    expect(seen[0]?.url.pathname).toBe('/2/tweets/1228393702244134912');
    expect(seen[0]?.url.searchParams.get('expansions')).toBe('author_id');
    expect(tweet).toMatchObject({ id: '1228393702244134912', author_id: '2244994945' });
    expect(includes.users?.[0]).toMatchObject({ id: '2244994945', username: 'XDevelopers' });
  });

  it('a deleted post is null, whether X answers 200 with errors[] or 404', async () => {
    const ok = replaying(() => Response.json(docs.tweetDeleted200));
    expect((await ok.client.getTweet('AT', '456')).tweet).toBeNull();
    const gone = replaying(() => Response.json(docs.tweetDeleted404, { status: 404 }));
    expect((await gone.client.getTweet('AT', '456')).tweet).toBeNull();
  });

  it('POST /2/tweets sends the documented reply and quote bodies and reads the 201', async () => {
    const { client, seen } = replaying(() => Response.json(docs.created, { status: 201 }));
    const reply = await client.createTweet('AT', {
      text: docs.replyRequest.text,
      reply: { inReplyToTweetId: docs.replyRequest.reply.in_reply_to_tweet_id },
    });
    await client.createTweet('AT', {
      text: docs.quoteRequest.text,
      quoteTweetId: docs.quoteRequest.quote_tweet_id,
    });
    await client.createTweet('AT', {
      text: docs.mediaRequest.text,
      mediaIds: docs.mediaRequest.media.media_ids,
    });
    expect(seen.map((s) => [s.method, s.url.pathname])).toEqual([
      ['POST', '/2/tweets'],
      ['POST', '/2/tweets'],
      ['POST', '/2/tweets'],
    ]);
    expect(seen[0]?.headers.get('content-type')).toBe('application/json');
    expect(seen.map((s) => JSON.parse(s.body))).toEqual([
      docs.replyRequest,
      docs.quoteRequest,
      docs.mediaRequest,
    ]);
    expect(reply.tweet).toEqual({ id: '1445880548472328192', text: 'Hello from the X API!' });
  });
});

describe('X API v2 search, engagement and user lookup, against the docs’ examples', () => {
  it('GET /2/tweets/search/recent asks for the documented fields and reads the posts, authors and meta', async () => {
    const { client, seen } = replaying(() => Response.json(search.searchPage));
    const found = await client.searchRecent('AT', {
      query: search.searchRequest.query,
      maxResults: search.searchRequest.max_results,
    });
    expect(seen).toHaveLength(1);
    const url = seen[0]!.url;
    expect(`${seen[0]?.method} ${url.pathname}`).toBe('GET /2/tweets/search/recent');
    expect(seen[0]?.headers.get('authorization')).toBe('Bearer AT');
    expect(url.searchParams.get('query')).toBe(search.searchRequest.query);
    expect(url.searchParams.get('max_results')).toBe('10');
    expect(url.searchParams.get('tweet.fields')?.split(',')).toEqual(
      expect.arrayContaining(['created_at', 'public_metrics', 'author_id']),
    );
    expect(url.searchParams.get('expansions')).toBe('author_id');
    expect(found.tweets).toEqual([
      expect.objectContaining({
        id: '1234567890123456789',
        author_id: '9876543210',
        public_metrics: { retweet_count: 5, reply_count: 2, like_count: 42, quote_count: 1 },
      }),
    ]);
    expect(found.users).toEqual([
      expect.objectContaining({ id: '9876543210', username: 'pythondev' }),
    ]);
    expect(found.newestId).toBe('1234567890123456789');
    expect(found.complete).toBe(true);
  });

  it('follows next_token with the same since_id, and keeps the first page’s newest_id for the next poll', async () => {
    const pages = [search.pollingPages.first, search.pollingPages.last];
    const { client, seen } = replaying(() => Response.json(pages[seen.length - 1]));
    const found = await client.searchRecent('AT', {
      query: search.pollingPages.query,
      sinceId: search.pollingPages.sinceId,
    });
    expect(seen.map((s) => s.url.searchParams.get('since_id'))).toEqual(['12000', '12000']);
    expect(seen.map((s) => s.url.searchParams.get('next_token'))).toEqual([
      null,
      'fnsih9chihsnkjbvkjbsc',
    ]);
    expect(found).toMatchObject({ newestId: '13800', complete: true });
  });

  it('searchConversation reads the default-fields answer', async () => {
    const { client, seen } = replaying(() => Response.json(search.searchDefaultPage));
    const { tweets } = await client.searchConversation('AT', '1234567890123456788');
    expect(seen[0]?.url.searchParams.get('query')).toBe('conversation_id:1234567890123456788');
    expect(tweets.map((t) => t.id)).toEqual(['1234567890123456789', '1234567890123456788']);
  });

  it('GET /2/tweets/:id/liking_users and /retweeted_by read the accounts and page with pagination_token', async () => {
    const { client, seen } = replaying(() =>
      Response.json(seen.length === 1 ? search.likingUsers : docs.mentionsEmpty),
    );
    const liked = await client.getLikingUsers('AT', '1354143047324299264', 2);
    expect(seen.map((s) => s.url.pathname)).toEqual([
      '/2/tweets/1354143047324299264/liking_users',
      '/2/tweets/1354143047324299264/liking_users',
    ]);
    expect(seen.map((s) => s.url.searchParams.get('pagination_token'))).toEqual([
      null,
      '7140dibdnow9c7btw3z2vwioavpvutgzrzm9icis4ndix',
    ]);
    expect(Number(seen[0]?.url.searchParams.get('max_results'))).toBeLessThanOrEqual(100);
    expect(liked.users.map((u) => [u.id, u.username, u.created_at])).toEqual([
      ['17874544', 'TwitterSupport', '2008-12-04T18:51:57.000Z'],
      ['783214', 'Twitter', '2007-02-20T14:35:54.000Z'],
    ]);
    expect(liked.complete).toBe(true);

    const rt = replaying(() => Response.json(search.retweetedBy));
    const reposted = await rt.client.getRetweetedBy('AT', '1354143047324299264');
    expect(rt.seen[0]?.url.pathname).toBe('/2/tweets/1354143047324299264/retweeted_by');
    expect(reposted.users.map((u) => u.id)).toEqual(['17874544', '783214']);
    // One page asked for, and X has more.
    expect(reposted.complete).toBe(false);
  });

  it('GET /2/users/by/username/:username reads the user; the documented not-found is null', async () => {
    const { client, seen } = replaying(() => Response.json(search.userByUsername));
    const { user } = await client.getUserByUsername('AT', 'xdevelopers');
    expect(seen[0]?.url.pathname).toBe('/2/users/by/username/xdevelopers');
    expect(seen[0]?.url.searchParams.get('user.fields')?.split(',')).toContain('created_at');
    expect(user).toMatchObject({ id: '2244994945', username: 'xdevelopers', name: 'X Developers' });
    const gone = replaying(() => Response.json(search.userByUsernameNotFound));
    expect((await gone.client.getUserByUsername('AT', 'nonexistent_user')).user).toBeNull();
  });
});
