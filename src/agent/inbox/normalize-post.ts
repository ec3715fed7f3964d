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
  entities: { mentions?: { start: number; end: number; username: string }[] } | null;
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
      ? {
          mentions: tweet.entities.mentions?.map(({ start, end, username }) => ({
            start,
            end,
            username,
          })),
        }
      : null,
    editHistoryIds: tweet.edit_history_tweet_ids ?? tweet.edit_history_post_ids ?? [tweet.id],
  };
}

/** X ids are up to 19 digits: compare as integers, never as strings or doubles. */
export const newerId = (a: string, b: string) => (BigInt(a) > BigInt(b) ? a : b);
