import type { XTweet, XUser } from '@/integrations/x/index.ts';

/** A post as the agent stores it in the inbox and hands to interpretPost. */
export interface InboxPost {
  id: string;
  authorId: string;
  authorUsername: string | null;
  text: string;
  createdAt: string | null;
  conversationId: string | null;
  inReplyToUserId: string | null;
  referencedTweets: { type: 'retweeted' | 'quoted' | 'replied_to'; id: string }[];
  /**
   * The accounts the post mentions. `id` only where X served that account in `includes.users`
   * with the post: a live account at read time, so a send to it needs no lookup (decision 0071).
   */
  entities: { mentions?: PostMention[] } | null;
  /**
   * X's `edit_history_tweet_ids`: every version of the post, oldest first (one id: never
   * edited). Absent on posts stored before edits were read.
   */
  editHistoryIds?: string[];
}

/**
 * The post's first version: what its command is keyed on, so an edit (a new post id on X) never
 * runs the command again (decision 0042).
 */
export const firstVersionId = (post: Pick<InboxPost, 'id' | 'editHistoryIds'>) =>
  post.editHistoryIds?.[0] ?? post.id;

export interface PostMention {
  start: number;
  end: number;
  username: string;
  id?: string;
}

/** X's post + the `includes.users` expansion → the inbox shape. */
export function normalizePost(tweet: XTweet, users: XUser[] = []): InboxPost {
  const author = users.find((u) => u.id === tweet.author_id);
  return {
    id: tweet.id,
    authorId: tweet.author_id ?? '',
    authorUsername: author?.username ?? null,
    text: tweet.text,
    createdAt: tweet.created_at ?? null,
    conversationId: tweet.conversation_id ?? null,
    inReplyToUserId: tweet.in_reply_to_user_id ?? null,
    referencedTweets: tweet.referenced_tweets ?? [],
    entities: tweet.entities
      ? { mentions: tweet.entities.mentions?.map((m) => servedMention(m, users)) }
      : null,
    editHistoryIds: tweet.edit_history_tweet_ids ?? tweet.edit_history_post_ids ?? [tweet.id],
  };
}

/**
 * A mention with the account X served for it: matched by the entity's id where it has one, else
 * by handle. Not served (unknown, suspended, or X left it out): no id, and a send looks it up.
 */
function servedMention(m: PostMention, users: XUser[]): PostMention {
  const { start, end } = m;
  const handle = m.username.toLowerCase();
  const user = users.find((u) => (m.id ? u.id === m.id : u.username.toLowerCase() === handle));
  if (!user || user.username.toLowerCase() !== handle) return { start, end, username: m.username };
  return { start, end, username: user.username, id: user.id };
}

/** The account a post mentions by this handle, as X served it with the post; null if not. */
export function mentionedAccount(
  post: Pick<InboxPost, 'entities'>,
  handle: string,
): { xUserId: string; username: string } | null {
  const h = handle.toLowerCase();
  const m = post.entities?.mentions?.find((e) => e.id && e.username.toLowerCase() === h);
  return m?.id ? { xUserId: m.id, username: m.username } : null;
}

/** X ids are up to 19 digits: compare as integers, never as strings or doubles. */
export const newerId = (a: string, b: string) => (BigInt(a) > BigInt(b) ? a : b);
