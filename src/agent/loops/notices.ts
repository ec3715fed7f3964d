import type { AgentContext } from '../context.ts';
import { queueRenewalReminders, queueRewardNotices } from '../notices/queue-notices.ts';
import { queuePostRewardNotices } from '../notices/queue-post-reward-notices.ts';
import { queueUnclaimedReturnNotices } from '../notices/queue-return-notices.ts';
import type { AgentLoop } from './loop.ts';

/** Reward announcements and renewal reminders are looked for once a minute. */
export const NOTICES_INTERVAL_MS = 60_000;

/** Queues the notices nobody asked for: rewards, renewals, money coming back. */
export async function queueNotices(ctx: AgentContext) {
  const noticeDeps = {
    db: ctx.db,
    now: ctx.now,
    publicUrl: ctx.publicUrl,
    agentHandle: ctx.agentHandle,
    accessTier: ctx.config.x.accessTier,
  };
  return {
    rewards: await queueRewardNotices(noticeDeps),
    postRewards: await queuePostRewardNotices(noticeDeps),
    reminders: await queueRenewalReminders(noticeDeps, {
      days: ctx.config.subscriptions.reminderDays,
    }),
    unclaimedReturns: await queueUnclaimedReturnNotices(noticeDeps),
    // Legacy handle wallets (decision 0048): none left after the first pass, then one query.
    handleWallets: await ctx.wallets.migrateHandleWallets(),
  };
}

export const noticesLoop = (ctx: AgentContext): AgentLoop => ({
  name: 'notices',
  usesX: false,
  async step() {
    await queueNotices(ctx);
    return NOTICES_INTERVAL_MS;
  },
});
