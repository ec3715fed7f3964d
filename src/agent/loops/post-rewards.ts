import { postRewardSettings, runDuePostRewards } from '@/core/post-rewards/index.ts';
import type { AgentContext } from '../context.ts';
import type { AgentLoop } from './loop.ts';
import { NOTICES_INTERVAL_MS } from './notices.ts';

/** Queues and runs the daily quality-post rewards job (core/post-rewards, decision 0020). */
export const runPostRewards = (ctx: AgentContext) =>
  runDuePostRewards(
    { ...ctx, llm: ctx.llm ?? null },
    { settings: postRewardSettings(ctx.config), access: ctx.access, workerId: ctx.workerId },
  );

export const postRewardsLoop = (ctx: AgentContext): AgentLoop => ({
  name: 'post-rewards',
  usesX: true,
  async step() {
    await runPostRewards(ctx);
    return NOTICES_INTERVAL_MS;
  },
});
