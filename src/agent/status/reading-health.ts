import { and, eq, or, sql } from 'drizzle-orm';
import type { Db } from '@/db/client.ts';
import { agentInbox, agentOutbox } from '@/db/schema/index.ts';
import { DEGRADED_AFTER_MS } from './x-failing.ts';

/** With reads paced to about one every 3 s, no successful read for this long means stalled. */
export const STALLED_AFTER_MS = 60_000;

export type ReadingState = 'running' | 'throttled' | 'degraded' | 'stalled';

export interface ReadingHealth {
  state: ReadingState;
  /** Why, in words /status can show as is. */
  reason: string;
  /** When a throttled agent reads (or posts) again; null when unknown or running. */
  until: string | null;
  /** The outside service the agent's calls fail against (degraded, stalled on reads): `X`. */
  failing: 'X' | null;
  lastReadAgeSeconds: number | null;
  oldestUnansweredAgeSeconds: number | null;
}

/**
 * Tells the truth about whether posts are being answered: throttled (X's read budget is used
 * up, or posting is blocked after a 429) until a known time, stalled (no successful read for a
 * minute, e.g. X unreachable or the agent not connected), degraded (X is failing the agent's
 * calls now: reads later than their pace, or a reply X failed waits for its retry), else running.
 */
export function readingHealth(p: {
  now: Date;
  lastReadAt: Date | null;
  mentionsBudget: { remaining: number; resetAt: Date } | null;
  postingBlockedUntil: Date | null;
  oldestUnansweredAt: Date | null;
  /** X_DAILY_BUDGET_USD reached: replies wait until then (reads and money commands go on). */
  budgetReachedUntil?: Date | null;
  /** X's usage cap (x-usage-cap.ts): no X call until it lifts. */
  usageCap?: {
    until: Date;
    period: string | null;
    scope: string | null;
    kind?: 'usage_cap' | 'credits';
  } | null;
  /** Reads later than this are failing (x-failing.ts); DEGRADED_AFTER_MS when not given. */
  readLateAfterMs?: number;
  /** The error of a reply X failed to take that waits for its retry (x-failing.ts). */
  failingReply?: string | null;
}): ReadingHealth {
  const age = (d: Date | null) =>
    d ? Math.max(0, Math.round((p.now.getTime() - d.getTime()) / 1000)) : null;
  const base = {
    failing: null,
    lastReadAgeSeconds: age(p.lastReadAt),
    oldestUnansweredAgeSeconds: age(p.oldestUnansweredAt),
  };
  const cap = p.usageCap;
  if (cap && cap.until > p.now && cap.kind === 'credits') {
    return {
      ...base,
      state: 'throttled',
      reason:
        'X credits used up: the agent reads and posts nothing, keeps every post and reply, and resumes by itself once credit is added (it asks X again at the time shown)',
      until: cap.until.toISOString(),
    };
  }
  if (cap && cap.until > p.now) {
    const which = [cap.period, cap.scope].filter(Boolean).join(' ');
    return {
      ...base,
      state: 'throttled',
      reason: `X usage cap reached${which ? ` (${which})` : ''}: the agent reads and posts nothing until it lifts or the plan allows more (then npm run agent:resume)`,
      until: cap.until.toISOString(),
    };
  }
  const budget = p.mentionsBudget;
  if (budget && budget.remaining <= 0 && budget.resetAt > p.now) {
    return {
      ...base,
      state: 'throttled',
      reason: 'X mention reads are used up for this window; new posts wait for the reset',
      until: budget.resetAt.toISOString(),
    };
  }
  if (p.postingBlockedUntil && p.postingBlockedUntil > p.now) {
    return {
      ...base,
      state: 'throttled',
      reason: 'X refused a reply (rate limit); replies wait',
      until: p.postingBlockedUntil.toISOString(),
    };
  }
  if (p.budgetReachedUntil && p.budgetReachedUntil > p.now) {
    return {
      ...base,
      state: 'throttled',
      reason:
        "The day's X budget (X_DAILY_BUDGET_USD) is spent: commands still run, money still moves; their replies wait for the next UTC day",
      until: p.budgetReachedUntil.toISOString(),
    };
  }
  if (!p.lastReadAt) {
    return { ...base, state: 'stalled', reason: 'no mentions read yet', until: null };
  }
  const readAge = p.now.getTime() - p.lastReadAt.getTime();
  if (readAge > STALLED_AFTER_MS) {
    return { ...base, state: 'stalled', reason: 'no successful mentions read', until: null };
  }
  if (readAge > (p.readLateAfterMs ?? DEGRADED_AFTER_MS)) {
    const reason = `X is failing: no mentions read for ${Math.round(readAge / 1000)} s; the agent retries and answers what it missed`;
    return { ...base, state: 'degraded', failing: 'X', reason, until: null };
  }
  if (p.failingReply) {
    const reason = `X is failing replies (${p.failingReply}); each is retried and sent once`;
    return { ...base, state: 'degraded', failing: 'X', reason, until: null };
  }
  return { ...base, state: 'running', reason: 'reading mentions and replying', until: null };
}

/**
 * When the oldest post still without a reply was posted: its inbox job is pending, or its
 * reply waits in the outbox. The post's own time, or when it was read if X gave none.
 */
export async function oldestUnansweredAt(db: Db): Promise<Date | null> {
  const postedAt = sql<
    string | null
  >`min(coalesce((${agentInbox.post}->>'createdAt')::timestamptz, ${agentInbox.receivedAt}))`;
  const waitingReply = sql`exists (select 1 from ${agentOutbox} where ${agentOutbox.postId} = ${agentInbox.postId} and ${agentOutbox.status} = 'pending')`;
  const [row] = await db
    .select({ oldest: postedAt })
    .from(agentInbox)
    .where(and(eq(agentInbox.source, 'x'), or(eq(agentInbox.status, 'pending'), waitingReply)));
  return row?.oldest ? new Date(row.oldest) : null;
}
