import { and, count, eq, min } from 'drizzle-orm';
import type { Db } from '@/db/client.ts';
import { agentInbox, agentOutbox } from '@/db/schema/index.ts';
import { isPaused } from '../engine/paused.ts';
import { type PostingLimits, postingHeadroom, threeHourHeadroom } from '../outbox/pacing.ts';
import { backlogDrainAt } from '../outbox/queue-place.ts';
import { loadPacing } from '../outbox/send-replies.ts';
import { getAgentState } from '../state.ts';
import { xSpendLine } from '../x-spend/spend-status.ts';
import { usageCapPause } from '../x-usage-cap.ts';
import { oldestUnansweredAt, readingHealth } from './reading-health.ts';
import { failingReplyError, readLateAfterMs } from './x-failing.ts';

const ageSeconds = (from: Date | null, now: Date) =>
  from ? Math.max(0, Math.round((now.getTime() - from.getTime()) / 1000)) : null;

/** What /status shows: is the agent reading, keeping up, within X's limits, and live. */
export async function getAgentStatus(
  db: Db,
  p: {
    now: Date;
    handle: string;
    configPaused: boolean;
    latestOrdinal: () => Promise<bigint | null>;
    /** The limits the outbox paces by (X's, or what AGENT_X_POSTS_PER_15_MIN set). */
    postingLimits: PostingLimits;
  },
) {
  const [
    lastPoll,
    cursor,
    mentionsRate,
    inbox,
    outbox,
    pacing,
    paused,
    ordinal,
    unanswered,
    push,
    pushFailure,
    usageCap,
    xSpend,
    failingReply,
  ] = await Promise.all([
    getAgentState(db, 'mentions_last_poll'),
    getAgentState(db, 'mentions_cursor'),
    getAgentState(db, 'x_rate_mentions'),
    db
      .select({ depth: count(), oldest: min(agentInbox.receivedAt) })
      .from(agentInbox)
      .where(eq(agentInbox.status, 'pending')),
    db
      .select({ depth: count(), oldest: min(agentOutbox.createdAt) })
      .from(agentOutbox)
      .where(and(eq(agentOutbox.status, 'pending'))),
    loadPacing(db, p.postingLimits, p.now),
    isPaused(db, p.configPaused),
    p.latestOrdinal().catch(() => null),
    oldestUnansweredAt(db),
    getAgentState(db, 'mentions_push'),
    getAgentState(db, 'mentions_push_failure'),
    usageCapPause(db, p.now),
    xSpendLine(db, p.now, p.postingLimits.dailyBudgetMicroUsd ?? null),
    failingReplyError(db),
  ]);
  const outboxDepth = outbox[0]?.depth ?? 0;
  const drainEstimateAt = await backlogDrainAt(db, p.postingLimits, p.now, outboxDepth);
  const rateFresh = mentionsRate && new Date(mentionsRate.resetAt) > p.now;
  const mentionsBudget = mentionsRate
    ? { remaining: mentionsRate.remaining, resetAt: new Date(mentionsRate.resetAt) }
    : null;
  const health = readingHealth({
    now: p.now,
    lastReadAt: lastPoll ? new Date(lastPoll.at) : null,
    mentionsBudget,
    readLateAfterMs: readLateAfterMs(mentionsBudget, p.now),
    failingReply,
    postingBlockedUntil: pacing.blockedUntil,
    oldestUnansweredAt: unanswered,
    usageCap: usageCap && { ...usageCap, until: new Date(usageCap.until) },
    budgetReachedUntil: xSpend.budgetReachedUntil ? new Date(xSpend.budgetReachedUntil) : null,
  });
  return {
    handle: p.handle,
    paused,
    health,
    lastMention: {
      id: cursor?.sinceId ?? null,
      readAt: cursor?.at ?? null,
      lastPollAt: lastPoll?.at ?? null,
    },
    /**
     * X pushes mentions to the webhook (null: polling only); `failure`: X holds the webhook
     * invalid and re-validating it failed, so nothing is pushed and polling reads.
     */
    push:
      push || pushFailure
        ? {
            since: push?.since ?? null,
            lastEventAt: push?.lastEventAt ?? null,
            failure: pushFailure
              ? { url: pushFailure.url, detail: pushFailure.detail, at: pushFailure.at }
              : null,
          }
        : null,
    inbox: {
      depth: inbox[0]?.depth ?? 0,
      oldestAgeSeconds: ageSeconds(inbox[0]?.oldest ?? null, p.now),
    },
    outbox: {
      depth: outboxDepth,
      oldestAgeSeconds: ageSeconds(outbox[0]?.oldest ?? null, p.now),
      drainEstimateAt,
    },
    rateLimits: {
      mentions: rateFresh
        ? {
            remaining: mentionsRate.remaining,
            limit: mentionsRate.limit,
            resetAt: mentionsRate.resetAt,
          }
        : null,
      posts: {
        remaining: postingHeadroom(pacing),
        limit: p.postingLimits.perWindow,
        blockedUntil:
          pacing.blockedUntil && pacing.blockedUntil > p.now
            ? pacing.blockedUntil.toISOString()
            : null,
        threeHours:
          pacing.limits.perThreeHours === undefined
            ? null
            : { remaining: threeHourHeadroom(pacing)!, limit: pacing.limits.perThreeHours },
      },
    },
    xSpend,
    network: { latestSnapshotOrdinal: ordinal === null ? null : ordinal.toString() },
    checkedAt: p.now.toISOString(),
  };
}

export type AgentStatus = Awaited<ReturnType<typeof getAgentStatus>>;
