import { eq, sql } from 'drizzle-orm';
import type { Db } from '@/db/client.ts';
import { agentInbox } from '@/db/schema/index.ts';
import { postCreateOperation, priceOf } from '@/integrations/x/index.ts';
import type { Logger } from '@/shared/logger.ts';
import { setAgentState } from '../state.ts';
import { nextUtcDay, withinDailyBudget } from '../x-spend/meter.ts';
import { type OutboxRow, retryReply } from './outbox-queue.ts';
import type { PostingLimits } from './pacing.ts';

/** What X bills for posting this row: a URL's price, else a summoned reply's, else a post's. */
export const replyOperation = (row: OutboxRow) =>
  postCreateOperation({ text: row.text, summonedReply: row.inReplyToId !== null });

/**
 * X_DAILY_BUDGET_USD: a reply that would take the day's X spend past it waits, untried, for the
 * next UTC day (returned); the day is recorded for /status and /metrics. Null: within budget.
 */
export async function overDailyBudget(
  deps: { db: Db; logger: Logger; now: () => Date; limits: PostingLimits },
  row: OutboxRow,
): Promise<Date | null> {
  const now = deps.now();
  const cost = priceOf(replyOperation(row));
  const budget = deps.limits.dailyBudgetMicroUsd;
  if (await withinDailyBudget(deps.db, { budgetMicroUsd: budget, cost, now })) return null;
  const until = nextUtcDay(now);
  await retryReply(deps.db, row, { error: 'X_DAILY_BUDGET_USD reached', at: until, refund: true });
  await setAgentState(deps.db, 'x_budget_reached', {
    day: now.toISOString().slice(0, 10),
    until: until.toISOString(),
    at: now.toISOString(),
  });
  deps.logger.warn({ until: until.toISOString() }, 'X daily budget reached: replies wait');
  return until;
}

/**
 * What a sent post is metered under: a reply to a command by the command's outcome
 * (`reply:balance`, `reply:sent` …, read from its inbox row), anything else by its kind
 * (`notice`, …): the meter's "per command".
 */
export async function spendPurpose(db: Db, row: OutboxRow): Promise<string> {
  const kind = row.key.split(':')[0]!;
  if (kind !== 'reply') return kind;
  const [job] = await db
    .select({ outcome: sql<string | null>`${agentInbox.outcome}->>'kind'` })
    .from(agentInbox)
    .where(eq(agentInbox.postId, row.postId));
  return `reply:${job?.outcome ?? 'other'}`;
}
