import type { Db } from '@/db/client.ts';
import { XApiError, type XClient, type XTweet } from '@/integrations/x/index.ts';
import { getAgentState } from '../state.ts';
import { type InboxPost, normalizePost } from './normalize-post.ts';
import { saveRate } from './poll-mentions.ts';

export interface PushedPostDeps {
  db: Db;
  x: Pick<XClient, 'getTweet'>;
  now: () => Date;
  agentHandle: string;
  /** The poller's first-read window: the push path never takes a post the poller would skip. */
  firstReadWindowMs: number;
  logger: { warn(obj: object, msg: string): void };
}

export type DropReason = 'not_on_x' | 'not_a_mention' | 'before_subscription' | 'too_old';

export type PushedPostRead =
  | { kind: 'post'; post: InboxPost }
  | { kind: 'dropped'; reason: DropReason }
  /** X could not be asked now: the mentions poll, which reads every mention, takes the post. */
  | { kind: 'left_for_poll' };

/**
 * X's own copy of a post a delivery named (decision 0018): a delivery is a hint, never the
 * truth, so author, text, replied-to and quoted posts and mentions all come from this lookup
 * with the agent's token. A post X does not return, that does not mention the agent, or that is
 * older than the push subscription or the first-read window is dropped: a delivery must not make
 * the agent act on a post the poller deliberately skipped.
 */
export async function readPushedPost(
  deps: PushedPostDeps,
  agent: { xUserId: string; accessToken: string },
  postId: string,
  /** When X delivered it: the first-read window counts from there, however late this runs. */
  receivedAt: Date = deps.now(),
): Promise<PushedPostRead> {
  const now = deps.now();
  const budget = await getAgentState(deps.db, 'x_rate_lookup');
  if (budget && budget.remaining <= 0 && new Date(budget.resetAt) > now) {
    return leftForPoll(deps, postId, 'X post lookups used up');
  }
  let found: Awaited<ReturnType<PushedPostDeps['x']['getTweet']>>;
  try {
    found = await deps.x.getTweet(agent.accessToken, postId, { mentioned: true });
  } catch (err) {
    if (err instanceof XApiError) await saveRate(deps.db, 'x_rate_lookup', err.rateLimit);
    return leftForPoll(deps, postId, String(err));
  }
  await saveRate(deps.db, 'x_rate_lookup', found.rateLimit);
  const { tweet } = found;
  if (!tweet || tweet.id !== postId) return drop(deps, postId, 'not_on_x');
  if (!mentions(tweet, agent.xUserId, deps.agentHandle)) return drop(deps, postId, 'not_a_mention');
  const push = await getAgentState(deps.db, 'mentions_push');
  const created = tweet.created_at ? Date.parse(tweet.created_at) : Number.NaN;
  if (!push || !(created >= Date.parse(push.since))) {
    return drop(deps, postId, 'before_subscription');
  }
  if (receivedAt.getTime() - created > deps.firstReadWindowMs) {
    return drop(deps, postId, 'too_old');
  }
  return { kind: 'post', post: normalizePost(tweet, found.includes.users ?? []) };
}

/** X's mention entities name the agent: by user id where X gives one, else by handle. */
function mentions(tweet: XTweet, agentUserId: string, agentHandle: string): boolean {
  return (tweet.entities?.mentions ?? []).some((m) =>
    m.id ? m.id === agentUserId : m.username.toLowerCase() === agentHandle.toLowerCase(),
  );
}

function drop(deps: PushedPostDeps, postId: string, reason: DropReason): PushedPostRead {
  deps.logger.warn({ postId, reason }, 'pushed mention dropped: X’s copy does not qualify');
  return { kind: 'dropped', reason };
}

function leftForPoll(deps: PushedPostDeps, postId: string, why: string): PushedPostRead {
  deps.logger.warn(
    { postId, err: why },
    'pushed mention not looked up; the mentions poll reads it',
  );
  return { kind: 'left_for_poll' };
}
