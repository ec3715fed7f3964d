import type { Db } from '@/db/client.ts';
import { retryDelayMs } from '@/db/queue/index.ts';
import { XApiError, type XClient } from '@/integrations/x/index.ts';
import type { Logger } from '@/shared/logger.ts';
import { postedAtFromId, secondsSince, telemetry } from '@/shared/telemetry.ts';
import type { XAccessTier } from '@/shared/x-access-tier.ts';
import { saveRate } from '../inbox/poll-mentions.ts';
import { getAgentState, setAgentState } from '../state.ts';
import { meterXSpend } from '../x-spend/meter.ts';
import { recordUsageCap } from '../x-usage-cap.ts';
import { type ColdReplies, foldIfCold } from './fold-cold.ts';
import { othersInFlight, roomBeside } from './in-flight.ts';
import {
  claimNextReply,
  markReplyFailed,
  markReplySent,
  type OutboxRow,
  recentSentTimes,
  retryReply,
  sentByOtherRows,
  sentSince,
} from './outbox-queue.ts';
import {
  blockAfter429,
  nextPostAllowedAt,
  type PacingInput,
  type PostingLimits,
  THREE_HOURS_MS,
} from './pacing.ts';
import { overDailyBudget, replyOperation, spendPurpose } from './reply-spend.ts';
import { withoutMentions } from './summons.ts';
import type { TimelineReader } from './x-timeline.ts';

export interface SendRepliesDeps {
  db: Db;
  logger: Logger;
  x: Pick<XClient, 'createTweet'>;
  timeline: Pick<TimelineReader, 'findReplyTo'>;
  access: (opts?: { force?: boolean }) => Promise<{ xUserId: string; accessToken: string }>;
  now: () => Date;
  workerId: string;
  leaseMs: number;
  limits: PostingLimits;
  /** Self-serve: no quote posts, and no @mentions of users who did not summon the agent. */
  accessTier: XAccessTier;
  agentHandle: string;
  /** The cold-conversation rule (fold-cold.ts); absent: every reply is posted as it is. */
  cold?: ColdReplies;
}

/** Everything the pacing rule needs, read from the database (shared by every process). */
export async function loadPacing(db: Db, limits: PostingLimits, now: Date): Promise<PacingInput> {
  const threeHoursAgo = new Date(now.getTime() - THREE_HOURS_MS);
  const [recentSentAt, dayNth, threeNth, inThreeHours, headers, blocked] = await Promise.all([
    recentSentTimes(db, limits.perWindow),
    recentSentTimes(db, 1, limits.perDay - 1),
    limits.perThreeHours ? recentSentTimes(db, 1, limits.perThreeHours - 1) : [],
    sentSince(db, threeHoursAgo),
    getAgentState(db, 'x_rate_post'),
    getAgentState(db, 'post_blocked_until'),
  ]);
  return {
    now,
    limits,
    recentSentAt,
    dayNthSentAt: dayNth[0] ?? null,
    threeHourNthSentAt: threeNth[0] ?? null,
    sentInThreeHours: inThreeHours.sent,
    oldestInThreeHours: inThreeHours.oldest,
    headers: headers ? { remaining: headers.remaining, resetAt: new Date(headers.resetAt) } : null,
    blockedUntil: blocked ? new Date(blocked.until) : null,
  };
}

const isDuplicate = (e: XApiError) => e.status === 403 && /duplicate/i.test(e.detail);

/** Our earlier post for this row, if one already went out (a reply, or a quote post). */
async function findSent(deps: SendRepliesDeps, row: OutboxRow, token: string, userId: string) {
  const ref = row.quoteTweetId ?? row.inReplyToId!;
  const skip = await sentByOtherRows(deps.db, row, ref);
  const type = row.quoteTweetId ? 'quoted' : 'replied_to';
  return deps.timeline.findReplyTo(token, userId, ref, 3, type, skip);
}

/** X's self-serve tiers refuse `quote_tweet_id` (decision 0043): such a row is never sent. */
const QUOTE_NEEDS_ENTERPRISE =
  'Not posted: quote posts need Enterprise X API access (X_ACCESS_TIER=self-serve).';

/**
 * Posts due replies, oldest first, as fast as X's limits allow, at most `max` per call.
 * Never posts twice: a reply that may already have gone out (a retried claim, or X's 403
 * "duplicate content") is looked up on the agent's timeline first and counted as sent only if
 * it is really there.
 */
export async function sendDueReplies(deps: SendRepliesDeps, max = 20) {
  let sent = 0;
  while (sent < max) {
    const pacing = await loadPacing(deps.db, deps.limits, deps.now());
    const allowedAt = nextPostAllowedAt(pacing);
    if (allowedAt > pacing.now) return { sent, waitUntil: allowedAt };
    const row = await claimNextReply(deps.db, {
      workerId: deps.workerId,
      leaseMs: deps.leaseMs,
      now: deps.now(),
    });
    if (!row) return { sent };
    if (deps.cold && (await foldIfCold({ ...deps, cold: deps.cold }, row))) continue;
    const crowded = await slotTaken(deps, row);
    if (crowded) return { sent, waitUntil: crowded };
    const over = await overDailyBudget(deps, row);
    if (over) return { sent, waitUntil: over };
    if (await postOne(deps, row)) sent++;
  }
  return { sent };
}

/**
 * Checked again once claimed, against the sent rows and the replies other workers are posting
 * right now: when this one would not fit beside them it goes back, untried, for a second or two
 * (a random part, so two workers that both gave way do not meet again). Null: post it.
 */
async function slotTaken(deps: SendRepliesDeps, row: OutboxRow): Promise<Date | null> {
  const now = deps.now();
  const [fresh, inFlight] = await Promise.all([
    loadPacing(deps.db, deps.limits, now),
    othersInFlight(deps.db, row, now),
  ]);
  const allowedAt = nextPostAllowedAt(fresh);
  if (allowedAt <= now && roomBeside(fresh, inFlight)) return null;
  const at = new Date(Math.max(allowedAt.getTime(), now.getTime() + 1000 + Math.random() * 1000));
  await retryReply(deps.db, row, {
    error: 'posting window taken by other workers',
    at,
    refund: true,
  });
  return at;
}

/** One reply, its log lines naming the post it answers; its lag observed once it is on X. */
function postOne(deps: SendRepliesDeps, row: OutboxRow): Promise<boolean> {
  return telemetry.withLogIds({ postId: row.postId, outboxId: String(row.id) }, async () => {
    const started = performance.now();
    const sent = await postRow(deps, row);
    telemetry.job(
      'agent_outbox',
      row.key.split(':')[0]!,
      sent ? 'done' : 'not_sent',
      secondsSince(started),
    );
    return sent;
  });
}

async function postRow(deps: SendRepliesDeps, row: OutboxRow): Promise<boolean> {
  const { db } = deps;
  const selfServe = deps.accessTier === 'self-serve';
  if (row.quoteTweetId && selfServe) {
    deps.logger.warn({ outboxId: String(row.id) }, 'quote post on self-serve access: not sent');
    await markReplyFailed(db, row, QUOTE_NEEDS_ENTERPRISE);
    return false;
  }
  try {
    const { xUserId, accessToken } = await deps.access();
    if (row.attempts > 1) {
      const existing = await findSent(deps, row, accessToken, xUserId);
      if (existing) {
        await markReplySent(db, row, existing.id, deps.now());
        return false;
      }
    }
    const res = await deps.x.createTweet(accessToken, {
      text: selfServe ? withoutMentions(row.text, deps.agentHandle) : row.text,
      ...(row.quoteTweetId
        ? { quoteTweetId: row.quoteTweetId }
        : { reply: { inReplyToTweetId: row.inReplyToId! } }),
      ...(row.mediaIds?.length ? { mediaIds: row.mediaIds } : {}),
    });
    if (!(await markReplySent(db, row, res.tweet.id, deps.now()))) {
      // Posted after our lease was taken over: the holder finds this post on the timeline.
      deps.logger.warn({ outboxId: String(row.id) }, 'reply posted after its lease was taken over');
    }
    await saveRate(db, 'x_rate_post', res.rateLimit);
    const purpose = await spendPurpose(db, row);
    await meterXSpend(db, { purpose, operation: replyOperation(row), now: deps.now() });
    // Agent lag: from the mention being posted (its id is a snowflake) to its answer sent.
    const postedAt = row.key.startsWith('reply:') ? postedAtFromId(row.postId) : null;
    if (postedAt) telemetry.agentReplySent((deps.now().getTime() - postedAt.getTime()) / 1000);
    return true;
  } catch (err) {
    await handleFailure(deps, row, err);
    return false;
  }
}

async function handleFailure(deps: SendRepliesDeps, row: OutboxRow, err: unknown) {
  const { db } = deps;
  const now = deps.now();
  if (!(err instanceof XApiError)) {
    deps.logger.error({ err: String(err), outboxId: String(row.id) }, 'reply failed');
    const delay = retryDelayMs(row.attempts, { baseMs: 2000 });
    return retryReply(db, row, { error: String(err), at: new Date(now.getTime() + delay) });
  }
  await saveRate(db, 'x_rate_post', err.rateLimit);
  if (err.accountBlocked) {
    // Not this reply's fault (usage cap, no credit): it waits, untried, for the pause to end,
    // as does every other X call; it is never marked failed for it.
    const until = await recordUsageCap(db, err, now);
    return retryReply(db, row, { error: err.message, at: until, refund: true });
  }
  if (err.status === 429) {
    const until = blockAfter429(await loadPacing(db, deps.limits, now), err);
    await setAgentState(db, 'post_blocked_until', { until: until.toISOString() });
    return retryReply(db, row, { error: err.message, at: until, refund: true });
  }
  if (err.status === 401) {
    await deps.access({ force: true }).catch(() => {});
    return retryReply(db, row, { error: err.message, at: new Date(now.getTime() + 1000) });
  }
  if (isDuplicate(err)) {
    const { xUserId, accessToken } = await deps.access();
    const existing = await findSent(deps, row, accessToken, xUserId).catch(() => undefined);
    if (existing) return markReplySent(db, row, existing.id, now);
    if (existing === undefined) {
      return retryReply(db, row, { error: err.message, at: new Date(now.getTime() + 5000) });
    }
    return markReplyFailed(
      db,
      row,
      `X refused as duplicate and no such reply exists: ${err.detail}`,
    );
  }
  if (err.retryable) {
    const delay = retryDelayMs(row.attempts, { baseMs: 2000, resetAt: err.resetAt, now });
    return retryReply(db, row, { error: err.message, at: new Date(now.getTime() + delay) });
  }
  deps.logger.warn({ status: err.status, outboxId: String(row.id) }, 'reply refused by X');
  return markReplyFailed(db, row, err.message);
}
