import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/rows-of.ts';
import { formatTokenAmountExact } from '../../shared/units.ts';
import { enqueueReply } from '../outbox/outbox-queue.ts';
import type { NoticeDeps } from './queue-notices.ts';

/** The public page that shows a rewarded post, its score parts and its transfer (the receipt). */
export const postRewardReceiptUrl = (publicUrl: string, day: string, postId: string) =>
  `${publicUrl}/rewards?day=${day}#post-${postId}`;

/**
 * Every paid quality-post reward not yet announced gets one post with the amount and the receipt
 * link: a reply under a post that mentioned the agent (its author summoned it, so X allows the
 * reply), a quote post of one found by its $UP cashtag (X's self-serve API refuses a reply the
 * author did not summon; quotes are always allowed). The outbox key
 * `post-reward:<day>:<post id>` makes a rerun or a second worker a no-op.
 */
export async function queuePostRewardNotices(deps: NoticeDeps): Promise<number> {
  const due = rowsOf<{
    day: string;
    post_id: string;
    author_username: string | null;
    found_by: 'mention' | 'cashtag';
    rank: number;
    total: number;
    amount: string;
  }>(
    await deps.db.execute(sql`select p.day, p.post_id, p.author_username, p.found_by, p.rank,
        p.total, p.amount::text as amount
      from post_reward_posts p
      where p.state = 'paid' and not exists (select 1 from agent_outbox o
        where o.key = 'post-reward:' || p.day || ':' || p.post_id)
      order by p.day, p.rank limit 100`),
  );
  let queued = 0;
  for (const r of due) {
    const amount = formatTokenAmountExact(BigInt(r.amount), 0);
    const receipt = postRewardReceiptUrl(deps.publicUrl, r.day, r.post_id);
    const base = { key: `post-reward:${r.day}:${r.post_id}`, postId: r.post_id };
    const inserted = await enqueueReply(
      deps.db,
      r.found_by === 'cashtag'
        ? {
            ...base,
            quoteTweetId: r.post_id,
            text: `This $UP post${r.author_username ? ` by @${r.author_username}` : ''} earned ${amount} UP in the quality-post rewards of ${r.day} (#${r.rank}, score ${r.total}/100). Receipt: ${receipt}`,
          }
        : {
            ...base,
            inReplyToId: r.post_id,
            text: `This post earned ${amount} UP in the quality-post rewards of ${r.day} (#${r.rank}, score ${r.total}/100). It is in your wallet. Receipt: ${receipt}`,
          },
    );
    if (inserted) queued++;
  }
  return queued;
}
