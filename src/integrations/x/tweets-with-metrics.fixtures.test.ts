import { describe, expect, it } from 'vitest';
import { replayingXClient } from './fixtures/replaying-client.ts';
import fx from './fixtures/tweets-with-metrics.json' with { type: 'json' };

/** A client whose requests are recorded and answered with a documented body. */
const replaying = (body: unknown) =>
  replayingXClient(() => Response.json(body, { headers: fx.rateLimitHeaders }));

describe('GET /2/tweets?ids= with public metrics (post rewards), against the docs’ answer', () => {
  it('asks for the ids, public_metrics and the authors, and reads each found post’s counts as numbers', async () => {
    const { client, seen } = replaying(fx.lookup);
    const { tweets, users, rateLimit } = await client.getTweetsWithMetrics('AT', fx.request.ids);

    expect(seen).toHaveLength(1);
    const url = seen[0]!.url;
    expect(`${seen[0]?.method} ${url.pathname}`).toBe('GET /2/tweets');
    expect(seen[0]?.headers.get('authorization')).toBe('Bearer AT');
    expect(url.searchParams.get('ids')?.split(',')).toEqual(fx.request.ids);
    expect(url.searchParams.get('tweet.fields')?.split(',')).toEqual(
      expect.arrayContaining(['public_metrics', 'author_id', 'created_at']),
    );
    expect(url.searchParams.get('expansions')).toBe('author_id');
    expect(url.searchParams.get('user.fields')?.split(',')).toEqual(
      expect.arrayContaining(['created_at', 'public_metrics']),
    );

    // The deleted id is a partial error, not a failure: it is simply not among the posts.
    expect(tweets.map((t) => [t.id, t.author_id])).toEqual([
      ['1228393702244134912', '2244994945'],
      ['1227640996038684673', '2244994945'],
      ['1199786642791452673', '2244994945'],
    ]);
    expect(tweets.map((t) => t.id)).not.toContain(fx.request.deletedId);
    expect(tweets.map((t) => t.public_metrics)).toEqual([
      {
        retweet_count: 156,
        reply_count: 23,
        like_count: 892,
        quote_count: 12,
        bookmark_count: 8,
        impression_count: 5432,
      },
      {
        retweet_count: 50,
        reply_count: 0,
        like_count: 234,
        quote_count: 5,
        bookmark_count: 3,
        impression_count: 10419,
      },
      {
        retweet_count: 0,
        reply_count: 1,
        like_count: 7,
        quote_count: 0,
        bookmark_count: 0,
        impression_count: 0,
      },
    ]);
    for (const t of tweets)
      for (const n of Object.values(t.public_metrics ?? {})) expect(typeof n).toBe('number');

    expect(users).toEqual([
      expect.objectContaining({
        id: '2244994945',
        username: 'XDevelopers',
        created_at: '2013-12-14T04:35:55.000Z',
        public_metrics: expect.objectContaining({ followers_count: 583423 }),
      }),
    ]);
    expect(rateLimit).toEqual({
      limit: 900,
      remaining: 847,
      resetAt: new Date(1705420800 * 1000),
    });
  });

  it('every id deleted (200, errors[] and no data) is no posts and no authors', async () => {
    const { client } = replaying(fx.allMissing);
    const { tweets, users } = await client.getTweetsWithMetrics('AT', ['456']);
    expect(tweets).toEqual([]);
    expect(users).toEqual([]);
  });
});
