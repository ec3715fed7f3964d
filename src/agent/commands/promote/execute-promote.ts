import { and, count, eq, ne } from 'drizzle-orm';
import { utcDay } from '@/core/allowances/index.ts';
import { enqueueJob } from '@/db/queue/index.ts';
import { agentPromotions } from '@/db/schema/index.ts';
import type { AgentContext } from '../../context.ts';
import type { CommandInput } from '../../engine/command-input.ts';
import type { Outcome } from '../../engine/outcome.ts';
import { repliesFirst } from '../../engine/replies-first.ts';
import type { Command } from '../grammar/types.ts';

export const PROMOTION_JOB = 'promotion';

export interface PromotionJobPayload {
  postId: string;
  requesterId: string;
  targetId: string;
  style: 'promote' | 'quote' | 'comment';
}

/**
 * "promote this" / "quote this" / "comment on this": the target is the post this one quotes or
 * replies to, as X reports it (never an id or handle in text). Limits are checked here, in the
 * mention loop (cheap); reading the target, writing the line (LLM) and posting run as a job.
 */
export async function executePromote(
  deps: AgentContext,
  input: CommandInput & { command: Extract<Command, { kind: 'promote' }> },
): Promise<Outcome> {
  const refs = input.post.referencedTweets;
  const target =
    refs.find((r) => r.type === 'quoted')?.id ?? refs.find((r) => r.type === 'replied_to')?.id;
  if (input.source !== 'x' || !target) {
    return { kind: 'rejected', reason: { code: 'no_promotion_target' } };
  }
  const day = utcDay(deps.now());
  const requesterId = input.author.xUserId;
  const limits = deps.agent.promotions;
  const premium = await repliesFirst(deps, requesterId);
  const perDay = premium ? limits.perDayPremium : limits.perDay;
  const live = ne(agentPromotions.state, 'refused');
  const mine = ne(agentPromotions.requestPostId, input.postId);
  const [byUser] = await deps.db
    .select({ n: count() })
    .from(agentPromotions)
    .where(
      and(eq(agentPromotions.requesterId, requesterId), eq(agentPromotions.day, day), live, mine),
    );
  if ((byUser?.n ?? 0) >= perDay) {
    return { kind: 'rejected', reason: { code: 'promotion_limit', limit: perDay, premium } };
  }
  const [byTarget] = await deps.db
    .select({ n: count() })
    .from(agentPromotions)
    .where(and(eq(agentPromotions.targetPostId, target), eq(agentPromotions.day, day), live, mine));
  if ((byTarget?.n ?? 0) >= limits.perTarget) {
    return { kind: 'rejected', reason: { code: 'promotion_target_limit' } };
  }
  const { style } = input.command;
  await deps.db
    .insert(agentPromotions)
    .values({ requestPostId: input.postId, requesterId, targetPostId: target, style, day })
    .onConflictDoNothing();
  const payload: PromotionJobPayload = {
    postId: input.postId,
    requesterId,
    targetId: target,
    style,
  };
  await enqueueJob(deps.db, {
    kind: PROMOTION_JOB,
    key: `promotion:${input.postId}`,
    payload,
    priority: premium ? 1 : 0,
    maxAttempts: 4,
  });
  return { kind: 'promotion_queued', style, targetId: target };
}
