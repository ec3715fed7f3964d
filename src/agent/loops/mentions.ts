import type { AgentContext } from '../context.ts';
import { pollMentions } from '../inbox/poll-mentions.ts';
import { nextReadDelayMs } from '../inbox/read-pacing.ts';
import type { AgentLoop } from './loop.ts';

/** One read of the agent's mentions into the inbox. */
export const pollOnce = (ctx: AgentContext) =>
  pollMentions({
    db: ctx.db,
    x: ctx.x,
    access: ctx.access,
    now: ctx.now,
    firstReadWindowMs: ctx.agent.firstReadWindowMs,
    logger: ctx.logger,
  });

/** Reads mentions at the pace X's read budget allows (at most every poll interval). */
export const mentionsLoop = (ctx: AgentContext): AgentLoop => ({
  name: 'mentions',
  usesX: true,
  async step() {
    const r = await pollOnce(ctx);
    return nextReadDelayMs({ budget: r.budget, now: ctx.now(), minMs: ctx.agent.pollIntervalMs });
  },
  once: async () => (await pollOnce(ctx)).stored,
});
