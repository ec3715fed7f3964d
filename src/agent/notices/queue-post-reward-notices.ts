import { sql } from 'drizzle-orm';
import { rowsOf } from '@/db/rows-of.ts';
import { formatTokenAmountExact } from '@/shared/units.ts';
import { enqueueReply } from '../outbox/outbox-queue.ts';
import type { NoticeDeps } from './queue-notices.ts';

/** The public page that shows a rewarded post, its score parts and its transfer (the receipt). */
export const postRewardReceiptUrl = (publicUrl: string, day: string, postId: string) =>
  `${publicUrl}/rewards?day=${day}#post-${postId}`;

/** A self-serve reward of a $UP post is told in a reply if its author talks to us this soon. */
const MENTION_WINDOW_DAYS = 8;

/**
 * Every paid quality-post reward gets one post with the amount and the receipt link, under the
 * outbox key `post-reward:<day>:<post id>` (a rerun or a second worker is a no-op). A post that
 * mentioned the agent gets it as a reply (its author summoned the agent). A post found by its
 * $UP cashtag never summoned the agent: on Enterprise access it is quoted; on self-serve (no
 * quote posts, no unsummoned replies: decision 0043) the reward is announced on /rewards, and
 * in a reply only under a post its author addressed to the agent within a week of the reward's
 * day. Rewards with nothing to post under are never selected, so they hold up no others.
 */
export async function queuePostRewardNotices(deps: NoticeDeps): Promise<number> {
  const enterprise = deps.accessTier === 'enterprise';
  const due = rowsOf<{
    day: string;
    post_id: string;
    author_username: string | null;
    found_by: 'mention' | 'cashtag';
    rank: number;
    total: number;
    amount: string;
    mention_post_id: string | null;
  }>(
    await deps.db.execute(sql`select * from (select p.day, p.post_id, p.author_username,
        p.found_by, p.rank, p.total, p.amount::text as amount,
        (select a.post_id from activities a where a.user_id = p.author_id and a.kind = 'mention'
          and a.created_at >= (p.day || 'T00:00:00Z')::timestamptz
          and a.created_at < (p.day || 'T00:00:00Z')::timestamptz
            + make_interval(days => ${MENTION_WINDOW_DAYS})
          order by a.created_at desc limit 1) as mention_post_id
      from post_reward_posts p
      where p.state = 'paid' and not exists (select 1 from agent_outbox o
        where o.key = 'post-reward:' || p.day || ':' || p.post_id)) r
      where r.found_by = 'mention' or ${enterprise} or r.mention_post_id is not null
      order by r.day, r.rank limit 100`),
  );
  let queued = 0;
  for (const r of due) {
    const amount = formatTokenAmountExact(BigInt(r.amount), 0);
    const receipt = postRewardReceiptUrl(deps.publicUrl, r.day, r.post_id);
    const earned = `earned ${amount} UP in the quality-post rewards of ${r.day} (#${r.rank}, score ${r.total}/100)`;
    const key = `post-reward:${r.day}:${r.post_id}`;
    const reply =
      r.found_by === 'mention'
        ? {
            postId: r.post_id,
            inReplyToId: r.post_id,
            text: `This post ${earned}. It is in your wallet. Receipt: ${receipt}`,
          }
        : enterprise
          ? {
              postId: r.post_id,
              quoteTweetId: r.post_id,
              text: `This $UP post${r.author_username ? ` by @${r.author_username}` : ''} ${earned}. Receipt: ${receipt}`,
            }
          : {
              postId: r.post_id,
              inReplyToId: r.mention_post_id!,
              text: `Your $UP post ${earned}. It is in your wallet. Receipt: ${receipt}`,
            };
    if (await enqueueReply(deps.db, { key, ...reply })) queued++;
  }
  return queued;
}
