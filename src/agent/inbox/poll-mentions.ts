import type { Db } from '../../db/client.ts';
import type { RateLimit, XClient } from '../../integrations/x/index.ts';
import { getAgentState, setAgentState } from '../state.ts';
import { type InboxPost, newerId, normalizePost } from './normalize-post.ts';
import type { ReadBudget } from './read-pacing.ts';
import { storeMentions } from './store-posts.ts';

export interface PollDeps {
  db: Db;
  x: Pick<XClient, 'getMentions'>;
  access: () => Promise<{ xUserId: string; accessToken: string }>;
  now: () => Date;
  /**
   * On the very first read (no cursor yet) only mentions this recent are taken: connecting the
   * agent must not answer, or move money for, months-old posts. Older ones are skipped and the
   * cursor moves past them.
   */
  firstReadWindowMs: number;
  /** Warned when the read budget runs out (replies then wait for X's window to reset). */
  logger?: { warn(obj: object, msg: string): void };
}

export interface PollResult {
  stored: number;
  /** The read budget X reported after this poll (null when it sent no headers). */
  budget: ReadBudget | null;
  /** Set when no read was made because the budget is empty: come back at this time. */
  waitUntil?: Date;
}

export async function saveRate(
  db: Db,
  key: 'x_rate_mentions' | 'x_rate_post' | 'x_rate_lookup',
  r: RateLimit | null,
) {
  if (!r) return;
  await setAgentState(db, key, { ...r, resetAt: r.resetAt.toISOString() });
}

/**
 * One read of the agent's mentions since the cursor, every page of the window, then one
 * transaction that stores them all and moves the cursor. An X error (rate limit, 5xx) is
 * thrown before anything moves: the caller backs off and the next poll re-reads the window.
 * Returns how many new posts entered the inbox, or when to come back if X said to wait.
 */
export async function pollMentions(deps: PollDeps): Promise<PollResult> {
  const rate = await getAgentState(deps.db, 'x_rate_mentions');
  const now = deps.now();
  if (rate && rate.remaining <= 0 && new Date(rate.resetAt) > now) {
    const resetAt = new Date(rate.resetAt);
    return { stored: 0, budget: { remaining: 0, resetAt }, waitUntil: resetAt };
  }
  const cursor = await getAgentState(deps.db, 'mentions_cursor');
  const { xUserId, accessToken } = await deps.access();

  const posts: InboxPost[] = [];
  let newest: string | null = null;
  let paginationToken: string | undefined;
  let budget: ReadBudget | null = null;
  do {
    const page = await deps.x.getMentions(accessToken, xUserId, {
      sinceId: cursor?.sinceId,
      paginationToken,
      maxResults: 100,
    });
    await saveRate(deps.db, 'x_rate_mentions', page.rateLimit);
    if (page.rateLimit) budget = page.rateLimit;
    for (const t of page.tweets) {
      posts.push(normalizePost(t, page.includes.users ?? []));
      newest = newest ? newerId(newest, t.id) : t.id;
    }
    if (page.meta.newest_id)
      newest = newest ? newerId(newest, page.meta.newest_id) : page.meta.newest_id;
    paginationToken = page.meta.next_token;
  } while (paginationToken);

  // Oldest first, so jobs are processed in the order people posted.
  posts.sort((a, b) => (BigInt(a.id) < BigInt(b.id) ? -1 : 1));
  const fresh = cursor ? posts : posts.filter((p) => isWithin(p, now, deps.firstReadWindowMs));
  const stored = await storeMentions(deps.db, fresh, { newestId: newest, now: deps.now() });
  if (budget && budget.remaining <= 0) {
    deps.logger?.warn(
      { resetAt: budget.resetAt.toISOString() },
      'X mention reads used up: no new posts are read until the window resets',
    );
  }
  return { stored, budget };
}

function isWithin(post: InboxPost, now: Date, windowMs: number): boolean {
  if (!post.createdAt) return true;
  return now.getTime() - new Date(post.createdAt).getTime() <= windowMs;
}
