import type { Candidate, RuleCode } from './candidate.ts';
import type { PostRewardSettings } from './settings.ts';
import { NEAR_DUPLICATE, similarity } from './text-similarity.ts';

export interface Exclusion {
  rule: RuleCode;
  detail: string;
}

/**
 * "Engagement from the same few accounts" (decision 0020), the one definition. An action is a
 * like, a repost or a reply by an account other than the author and the agent. A post with at
 * least `minActions` actions is excluded when they come from at most `maxAccounts` distinct
 * accounts (two accounts liking, reposting and replying), or when the two most active accounts
 * did more than `maxTopTwoShare` of them (a few accounts flooding replies among real likes).
 * Where likers and reposters were not read, the same floor applies to the replies alone.
 */
export const FEW_ACCOUNTS = { minActions: 4, maxAccounts: 2, maxTopTwoShare: 2 / 3 } as const;

export function fewAccounts(m: NonNullable<Candidate['metrics']>): string | null {
  const e = m.engagers;
  if (e) {
    if (e.actions < FEW_ACCOUNTS.minActions) return null;
    if (e.accounts <= FEW_ACCOUNTS.maxAccounts)
      return `${e.actions} likes, reposts and replies from ${e.accounts} account${e.accounts === 1 ? '' : 's'}`;
    if (e.topTwoActions > FEW_ACCOUNTS.maxTopTwoShare * e.actions)
      return `${e.topTwoActions} of ${e.actions} likes, reposts and replies from two accounts`;
    return null;
  }
  if (m.repliers !== null && m.replies >= FEW_ACCOUNTS.minActions)
    if (m.repliers <= FEW_ACCOUNTS.maxAccounts)
      return `${m.replies} replies from ${m.repliers} account${m.repliers === 1 ? '' : 's'}`;
  return null;
}

const DAY_MS = 86_400_000;

/**
 * The anti-abuse rules that need no model, in order; the first that matches excludes the post.
 * `earlier` are the day's posts before this one (older first) for the duplicate rule.
 */
export function ruleOut(
  c: Candidate,
  earlier: Candidate[],
  ctx: { agentUserId: string | null; settings: PostRewardSettings },
): Exclusion | null {
  const s = ctx.settings;
  if (ctx.agentUserId && c.authorId === ctx.agentUserId)
    return { rule: 'by_agent', detail: 'author is the agent' };
  if (c.isRetweet) return { rule: 'retweet', detail: 'repost of another post' };
  if (c.isCommand) return { rule: 'command_only', detail: 'the agent ran it as a command' };
  if (!c.metrics) return { rule: 'deleted', detail: 'X did not return the post' };
  const created = c.author?.createdAt;
  const ageDays = created ? Math.floor((c.createdAt.getTime() - created.getTime()) / DAY_MS) : 0;
  if (ageDays < s.minAccountAgeDays)
    return {
      rule: 'account_too_new',
      detail: `${ageDays} days old, minimum ${s.minAccountAgeDays}`,
    };
  const followers = c.author?.followers ?? 0;
  if (followers < s.minFollowers)
    return {
      rule: 'too_few_followers',
      detail: `${followers} followers, minimum ${s.minFollowers}`,
    };
  const twin = earlier.find((e) => similarity(e.text, c.text) >= NEAR_DUPLICATE);
  if (twin) return { rule: 'duplicate_text', detail: `same text as post ${twin.postId}` };
  const few = fewAccounts(c.metrics);
  if (few) return { rule: 'engagement_from_few_accounts', detail: few };
  return null;
}

/**
 * 0–40 from X's public metrics: likes 1, reposts 2, replies 2 (counted once per replying
 * account when we could read them), quotes 3; 10 points reach the cap.
 */
export function engagementScore(m: Candidate['metrics']): number {
  if (!m) return 0;
  const replies = m.repliers === null ? m.replies : Math.min(m.replies, m.repliers);
  const points = m.likes + 2 * m.retweets + 2 * replies + 3 * m.quotes;
  return Math.min(40, 4 * points);
}
