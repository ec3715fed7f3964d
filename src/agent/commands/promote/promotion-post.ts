import type { XTweet, XUser } from '@/integrations/x/index.ts';
import type { XAccessTier } from '@/shared/x-access-tier.ts';
import { postUrl } from '@/shared/x-links.ts';
import { MAX_WEIGHTED_LENGTH, weightedLength } from '@/shared/x-text.ts';
import { summonsAgent } from '../../outbox/summons.ts';

export type PromotionMode = 'quote' | 'reply' | 'answer';

/**
 * Whether the target's author summoned the agent in it, so X lets the agent reply under it: an
 * explicit @mention (not only X's own reply prefix when it answers the agent) or a quote of one
 * of the agent's posts (`includes.tweets` from the referenced_tweets.id.author_id expansion).
 */
export function targetSummonedAgent(
  tweet: XTweet,
  includes: { tweets?: XTweet[]; users?: XUser[] },
  agent: { xUserId: string; handle: string },
): boolean {
  const quotedIds = (tweet.referenced_tweets ?? []).filter((r) => r.type === 'quoted');
  const quotesAgent = quotedIds.some(
    (r) => includes.tweets?.find((t) => t.id === r.id)?.author_id === agent.xUserId,
  );
  const repliesToAgent = tweet.in_reply_to_user_id === agent.xUserId;
  return summonsAgent({ text: tweet.text, repliesToAgent, quotesAgent }, agent.handle);
}

/** Says what was done, as the asker reads it under their own post. */
const ANSWER_LEAD = 'Promoted in this reply (X allows this account no quote posts):';

/**
 * The one post a promotion makes (decision 0043): "comment on this" under a target whose author
 * summoned the agent is a reply there; otherwise a quote post on Enterprise access; on
 * self-serve (no quote posts through the API) the asker's own summoned post gets the line with
 * the target's link, so the asker sees what was done. `clean` fits the line to `max` characters.
 */
export function promotionPost(p: {
  style: 'promote' | 'quote' | 'comment';
  summoned: boolean;
  accessTier: XAccessTier;
  target: { id: string; author: string | null };
  xWebUrl: string;
  clean: (max: number) => string;
}): { mode: PromotionMode; text: string } {
  if (p.style === 'comment' && p.summoned) {
    return { mode: 'reply', text: p.clean(MAX_WEIGHTED_LENGTH) };
  }
  if (p.accessTier === 'enterprise') return { mode: 'quote', text: p.clean(MAX_WEIGHTED_LENGTH) };
  const link = postUrl({ xWebUrl: p.xWebUrl }, p.target.author ?? 'i', p.target.id);
  const room = MAX_WEIGHTED_LENGTH - weightedLength(`${ANSWER_LEAD}  ${link}`);
  return { mode: 'answer', text: `${ANSWER_LEAD} ${p.clean(room)} ${link}` };
}
