import type { AgentContext } from '../context.ts';
import { COLD_AFTER_MS } from '../outbox/fold-cold.ts';
import { sendDueReplies } from '../outbox/send-replies.ts';
import { createTimelineReader } from '../outbox/x-timeline.ts';
import { type AgentLoop, idleMs } from './loop.ts';

/** Posts due replies from the outbox, within X's posting limits and the agent's X budget. */
export function replySender(ctx: AgentContext) {
  const timeline = createTimelineReader(ctx.config.x.apiUrl, ctx.xFetch);
  return () =>
    sendDueReplies({
      db: ctx.db,
      logger: ctx.logger,
      x: ctx.x,
      timeline,
      access: ctx.access,
      now: ctx.now,
      workerId: ctx.workerId,
      leaseMs: ctx.agent.leaseMs,
      limits: ctx.agent.postingLimits,
      accessTier: ctx.config.x.accessTier,
      agentHandle: ctx.agentHandle,
      // A reply whose turn comes after the conversation went cold joins its author's digest (0063).
      cold: { publicUrl: ctx.publicUrl, afterMs: COLD_AFTER_MS },
    });
}

export const outboxLoop = (
  ctx: AgentContext,
  sendReplies: ReturnType<typeof replySender>,
): AgentLoop => ({
  name: 'outbox',
  usesX: true,
  async step() {
    const r = await sendReplies();
    if (r.waitUntil) return Math.min(5000, r.waitUntil.getTime() - ctx.now().getTime());
    return r.sent > 0 ? 0 : idleMs(ctx.agent.pollIntervalMs);
  },
  once: async () => (await sendReplies()).sent,
});
