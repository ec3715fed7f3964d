import type { AgentContext } from '../context.ts';
import { pollMentions } from '../inbox/poll-mentions.ts';
import { nextReadDelayMs } from '../inbox/read-pacing.ts';
import { getAgentState, tryLease } from '../state.ts';
import type { AgentLoop } from './loop.ts';

/** How long a read may take before another worker may read instead (pages × X's timeout). */
export const READ_TURN_HOLD_MS = 60_000;

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

/**
 * Reads mentions at the pace X's read budget allows (at most every poll interval). The workers
 * take turns through one lease (`mentions_read_turn`): the reader holds it while it reads, then
 * until its next read is due, so two workers read no more often than one would. A reader that
 * dies leaves the turn to whoever finds the lease expired.
 */
export const mentionsLoop = (ctx: AgentContext): AgentLoop => ({
  name: 'mentions',
  usesX: true,
  async step() {
    const by = ctx.workerId;
    if (!(await tryLease(ctx.db, 'mentions_read_turn', { by, ms: READ_TURN_HOLD_MS }))) {
      const turn = await getAgentState(ctx.db, 'mentions_read_turn');
      const untilTurn = turn ? new Date(turn.until).getTime() - ctx.now().getTime() : 0;
      return Math.min(READ_TURN_HOLD_MS, Math.max(ctx.agent.pollIntervalMs, untilTurn));
    }
    const r = await pollOnce(ctx);
    const delay = nextReadDelayMs({
      budget: r.budget,
      now: ctx.now(),
      minMs: ctx.agent.pollIntervalMs,
      pages: r.pages,
    });
    await tryLease(ctx.db, 'mentions_read_turn', { by, ms: delay });
    return delay;
  },
  once: async () => (await pollOnce(ctx)).stored,
});
