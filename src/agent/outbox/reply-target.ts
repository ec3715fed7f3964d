import { eq } from 'drizzle-orm';
import type { Db } from '@/db/client.ts';
import { agentAccounts, agentInbox, agentOutbox } from '@/db/schema/index.ts';
import type { InboxPost } from '../inbox/normalize-post.ts';
import { summonsAgent } from './summons.ts';

/**
 * Where a reply meant for `postId` may go on X: the post itself when its author summoned the
 * agent, else the post the agent's own post (the one `postId` replies to) answered. A
 * "@UpsiderAgent confirm" under the agent's preview is such a post: X's automatic reply prefix
 * may be all its mention, so the confirmed send is answered under the summoned command post the
 * preview answered. Posts the inbox never saw (a promotion's target) are left as they are.
 */
export async function summonedReplyTarget(db: Db, postId: string): Promise<string> {
  const [row] = await db
    .select({ source: agentInbox.source, post: agentInbox.post })
    .from(agentInbox)
    .where(eq(agentInbox.postId, postId));
  if (row?.source !== 'x') return postId;
  const post = row.post as InboxPost;
  const parentId = post.referencedTweets.find((r) => r.type === 'replied_to')?.id;
  if (!parentId || !post.inReplyToUserId) return postId;
  const [ours] = await db
    .select({ inReplyToId: agentOutbox.inReplyToId })
    .from(agentOutbox)
    .where(eq(agentOutbox.sentPostId, parentId))
    .limit(1);
  if (!ours?.inReplyToId) return postId;
  const [agent] = await db
    .select({ handle: agentAccounts.handle })
    .from(agentAccounts)
    .where(eq(agentAccounts.xUserId, post.inReplyToUserId));
  const quotesAgent = await quotesOurPost(db, post);
  const summoned =
    agent !== undefined &&
    summonsAgent({ text: post.text, repliesToAgent: true, quotesAgent }, agent.handle);
  return summoned ? postId : ours.inReplyToId;
}

async function quotesOurPost(db: Db, post: InboxPost) {
  const quoted = post.referencedTweets.find((r) => r.type === 'quoted')?.id;
  if (!quoted) return false;
  const [ours] = await db
    .select({ id: agentOutbox.id })
    .from(agentOutbox)
    .where(eq(agentOutbox.sentPostId, quoted))
    .limit(1);
  return ours !== undefined;
}
