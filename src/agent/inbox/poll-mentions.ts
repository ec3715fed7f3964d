import type { Db } from '@/db/client.ts';
import type { RateLimit, XClient } from '@/integrations/x/index.ts';
import { dayKey } from '@/shared/utc-keys.ts';
import { getAgentState, setAgentState } from '../state.ts';
import { meterXSpend } from '../x-spend/meter.ts';
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
  /** How far back before the cursor each read starts again (default {@link MENTION_OVERLAP_MS}). */
  overlapMs?: number;
  /** Warned when the read budget runs out (replies then wait for X's window to reset). */
  logger?: { warn(obj: object, msg: string): void };
}

export interface PollResult {
  stored: number;
  /** The read budget X reported after this poll (null when it sent no headers). */
  budget: ReadBudget | null;
  /** Set when no read was made because the budget is empty: come back at this time. */
  waitUntil?: Date;
  /** Requests this read took (one per page); 0 when none was made. */
  pages: number;
}

/**
 * Each read starts this long before the newest post already read. A post's id is taken when it
 * is written, but X can list it a little later: a read that moved the cursor past a newer post
 * would otherwise never see an older one listed after it. Posts read twice are dropped by the
 * inbox (the post id is its key), so the overlap costs reads, never a second answer; and X bills
 * a post once per UTC day, so those reads are free but on a day's first read (billedReads).
 */
export const MENTION_OVERLAP_MS = 30_000;

/**
 * X ids are snowflakes: milliseconds since X's epoch, shifted left 22 bits. An id too small to be
 * one (nothing `ms` before it) is kept as it is: going back to 1 would re-read the whole timeline.
 */
export function idBefore(id: string, ms: number): string {
  const earlier = BigInt(id) - (BigInt(ms) << 22n);
  return earlier > 0n ? earlier.toString() : id;
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
 * One read of the agent's mentions since the cursor (less the overlap), every page of the window, then one
 * transaction that stores them all and moves the cursor. An X error (rate limit, 5xx) is
 * thrown before anything moves: the caller backs off and the next poll re-reads the window.
 * Returns how many new posts entered the inbox, or when to come back if X said to wait.
 */
export async function pollMentions(deps: PollDeps): Promise<PollResult> {
  const rate = await getAgentState(deps.db, 'x_rate_mentions');
  const now = deps.now();
  if (rate && rate.remaining <= 0 && new Date(rate.resetAt) > now) {
    const resetAt = new Date(rate.resetAt);
    return { stored: 0, budget: { remaining: 0, resetAt }, waitUntil: resetAt, pages: 0 };
  }
  const cursor = await getAgentState(deps.db, 'mentions_cursor');
  const { xUserId, accessToken } = await deps.access();

  const posts: InboxPost[] = [];
  let newest: string | null = null;
  let paginationToken: string | undefined;
  let budget: ReadBudget | null = null;
  let pages = 0;
  do {
    const page = await deps.x.getMentions(accessToken, xUserId, {
      sinceId: cursor ? readFrom(cursor, deps.overlapMs ?? MENTION_OVERLAP_MS) : undefined,
      paginationToken,
      maxResults: 100,
    });
    pages += 1;
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
  // The overlap re-reads posts before the cursor: it never moves the cursor back.
  const newestId = newest && cursor ? newerId(newest, cursor.sinceId) : newest;
  const skippedThroughId = cursor ? cursor.skippedThroughId : newestSkipped(posts, fresh);
  const stored = await storeMentions(deps.db, fresh, { newestId, skippedThroughId, now });
  const units = billedReads(posts, cursor, now);
  await meterXSpend(deps.db, { purpose: 'mentions', operation: 'ownedRead', units, now });
  if (budget && budget.remaining <= 0) {
    deps.logger?.warn(
      { resetAt: budget.resetAt.toISOString() },
      'X mention reads used up: no new posts are read until the window resets',
    );
  }
  return { stored, budget, pages };
}

/**
 * The posts X bills for this read. X bills a post once per UTC day (pricing.mdx,
 * "Deduplication"), so the overlap's re-read posts are free when the last read was today; only
 * the first read of a UTC day pays for them again (at most the overlap's 30 s of posts, once a
 * day). Mentions of the app owner's account are Owned Reads ($0.001, decision 0044).
 */
function billedReads(
  posts: InboxPost[],
  cursor: { sinceId: string; at?: string } | null | undefined,
  now: Date,
) {
  if (!cursor?.at || dayKey(new Date(cursor.at)) !== dayKey(now)) return posts.length;
  const after = BigInt(cursor.sinceId);
  return posts.filter((p) => BigInt(p.id) > after).length;
}

/** Where a read starts: the overlap before the cursor, never back past what the first read skipped. */
function readFrom(cursor: { sinceId: string; skippedThroughId?: string }, overlapMs: number) {
  const from = idBefore(cursor.sinceId, overlapMs);
  const floor = cursor.skippedThroughId;
  return floor && BigInt(floor) > BigInt(from) ? floor : from;
}

function newestSkipped(posts: InboxPost[], taken: InboxPost[]): string | undefined {
  const kept = new Set(taken.map((p) => p.id));
  return posts.filter((p) => !kept.has(p.id)).at(-1)?.id;
}

function isWithin(post: InboxPost, now: Date, windowMs: number): boolean {
  if (!post.createdAt) return true;
  return now.getTime() - new Date(post.createdAt).getTime() <= windowMs;
}
