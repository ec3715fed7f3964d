/** A post the day's scoring looks at, with what X said about it and its author. */
export interface Candidate {
  postId: string;
  authorId: string;
  authorUsername: string | null;
  text: string;
  /** The agent's grammar read it as a command (anything but `unknown`, refusals included). */
  isCommand: boolean;
  isRetweet: boolean;
  /** Null when X no longer has the post (deleted). */
  metrics: Metrics | null;
  author: { createdAt: Date | null; followers: number | null } | null;
  createdAt: Date;
  /**
   * How the job found it: `mention` (the agent's inbox: its author summoned the agent, so the
   * reward is told by a reply) or `cashtag` (recent search for $UP: told by a quote post, as X's
   * self-serve API refuses a reply the author did not summon).
   */
  foundBy: 'mention' | 'cashtag';
}

export interface Metrics {
  likes: number;
  retweets: number;
  replies: number;
  quotes: number;
  /** Distinct accounts that replied (not the author, not the agent); null when not read. */
  repliers: number | null;
  /**
   * Who engaged, when read (liking_users, retweeted_by and the replies' authors, the author and
   * the agent left out): distinct accounts, and the actions of the two most active ones.
   * Absent or null when not read (see ENGAGER_READS_PER_DAY).
   */
  engagers?: { accounts: number; actions: number; topTwoActions: number } | null;
}

/** Why a post earns nothing; shown on /rewards next to the post (one line each). */
export const RULES = {
  by_agent: 'Posted by the agent itself',
  retweet: 'A repost: only the author’s own words can earn',
  command_only: 'A command to the agent, not a post about $UP',
  deleted: 'No longer on X',
  account_too_new: 'The account is younger than the minimum age',
  too_few_followers: 'The account has fewer followers than the minimum',
  duplicate_text: 'The same or nearly the same text as an earlier post',
  engagement_from_few_accounts: 'Its likes, reposts and replies come from the same few accounts',
  spam: 'The quality rubric rates it as spam or bait',
  one_per_author: 'The author’s better post of the day is the one that counts',
  below_minimum: 'Below the minimum score',
} as const;
export type RuleCode = keyof typeof RULES;
