import type { AgentContext } from '../../context.ts';
import { commandToJson } from '../../engine/command-json.ts';
import { createConfirmation } from '../../engine/confirmations.ts';
import type { Outcome, PlanOffer } from '../../engine/outcome.ts';
import { isPaused } from '../../engine/paused.ts';
import type { XAccount } from '../../engine/x-accounts.ts';
import type { Command } from '../grammar/types.ts';
import { buyPlan, quotePlan } from './subscription-services.ts';

type Subscribe = Extract<Command, { kind: 'subscribe' }>;

/** One post's quote: every run of the post (and its 'confirm') finds the same price. */
const requestKey = (postId: string) => `post:${postId}`;

/**
 * Buys or extends a plan from the author's wallet. The price is fixed by a quote keyed by the
 * command's post; above the send-confirm threshold the author sees the price first and pays
 * with 'confirm' (`confirmed`). Paying the quote is idempotent, so a re-run pays nothing more.
 */
export async function executeSubscribe(
  ctx: AgentContext,
  p: { author: XAccount; command: Subscribe; key: string; confirmed: boolean },
): Promise<Outcome> {
  if (await isPaused(ctx.db, ctx.agent.paused)) {
    return { kind: 'rejected', reason: { code: 'paused' } };
  }
  await ctx.wallets.walletFor(p.author);
  const quoted = await quotePlan(ctx, {
    userId: p.author.xUserId,
    tier: p.command.tier,
    months: p.command.months,
    requestKey: requestKey(p.key),
  });
  if (!quoted.ok) return refused(quoted);
  const offer: PlanOffer = {
    tier: quoted.tier,
    months: quoted.months,
    priceUp: quoted.priceUp.toString(),
    priceUsd: quoted.priceUsd,
    upUsd: quoted.upUsd,
  };
  if (!p.confirmed && quoted.priceUp > ctx.agent.limits.UP.confirmAbove) {
    const previewEnds = ctx.now().getTime() + ctx.agent.confirmTtlMs;
    // The confirmation lives as long as any preview, so a late 'confirm' reaches the quote and
    // hears that the price expired (nothing charged) rather than that there is nothing to confirm.
    const row = await createConfirmation(ctx.db, {
      postId: p.key,
      authorId: p.author.xUserId,
      command: commandToJson(p.command),
      expiresAt: new Date(previewEnds),
    });
    // The preview promises no longer than the price it shows.
    const promised = Math.min(row.expiresAt.getTime(), quoted.expiresAt.getTime());
    return { kind: 'subscription_preview', ...offer, expiresAt: new Date(promised).toISOString() };
  }
  const paid = await buyPlan(ctx, {
    userId: p.author.xUserId,
    quoteId: quoted.quoteId,
  });
  if (!paid.ok) return refused(paid);
  return {
    kind: 'subscribed',
    ...offer,
    endDate: paid.endDate.toISOString(),
    transferId: paid.transferId,
  };
}

const refused = (r: { code: string; message: string }): Outcome => ({
  kind: 'rejected',
  reason: { code: 'subscription_refused', refusal: r.code, message: r.message },
});
