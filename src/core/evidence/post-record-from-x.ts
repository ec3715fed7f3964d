import type { XTweet, XUser } from '@/integrations/x/index.ts';
import type { PostRecord } from '@/shared/evidence/post-record.ts';

const strings = (list: unknown, key: string): string[] =>
  Array.isArray(list)
    ? list
        .map((item) => (item as Record<string, unknown>)?.[key])
        .filter((v): v is string => typeof v === 'string')
    : [];

/**
 * The canonical record of a post as X's API v2 returns it: who wrote what, when, with which
 * media and entities. Only content-defining fields; the order of fields does not matter (the
 * hash is over RFC 8785 JSON).
 */
export function postRecordFromX(
  tweet: XTweet,
  includes: { users?: XUser[]; media?: unknown[] },
): PostRecord {
  const author = includes.users?.find((u) => u.id === tweet.author_id);
  const entities = (tweet.entities ?? {}) as Record<string, unknown>;
  return {
    version: 1,
    platform: 'x',
    tweetId: tweet.id,
    author: { id: tweet.author_id ?? '', username: author?.username ?? '' },
    createdAt: tweet.created_at ?? null,
    text: tweet.text,
    media: (includes.media ?? []).map((m) => {
      const media = m as Record<string, unknown>;
      return {
        type: typeof media.type === 'string' ? media.type : 'unknown',
        url: typeof media.url === 'string' ? media.url : null,
      };
    }),
    entities: {
      mentions: strings(entities.mentions, 'username'),
      hashtags: strings(entities.hashtags, 'tag'),
      urls: strings(entities.urls, 'expanded_url'),
    },
  };
}

/** The archive's tweetType: what kind of post was fingerprinted. */
export function tweetTypeOf(tweet: XTweet): string {
  const refs = tweet.referenced_tweets ?? [];
  if (refs.some((r) => r.type === 'quoted')) return 'quote_tweet';
  if (refs.some((r) => r.type === 'replied_to')) return 'reply';
  return 'original_tweet';
}
