import type { AgentContext } from '../context.ts';
import { pollMentions } from '../inbox/poll-mentions.ts';
import { nextReadDelayMs } from '../inbox/read-pacing.ts';
import { getAgentState, tryLease } from '../state.ts';
import type { AgentLoop } from './loop.ts';

/** The longest a reader holds the turn without renewing it (pages × X's timeout). */
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
 * dies leaves the turn to whoever finds the lease expired: within the agent's lease, as its
 * claimed jobs (decision 0073: a minute's hold kept a kill -9'd reader's turn six times as long
 * as its jobs in the faults bench). A read that takes longer renews its hold as it goes.
 */
export const mentionsLoop = (ctx: AgentContext): AgentLoop => ({
  name: 'mentions',
  usesX: true,
  async step() {
    const by = ctx.workerId;
    const holdMs = Math.min(READ_TURN_HOLD_MS, ctx.agent.leaseMs);
    if (!(await tryLease(ctx.db, 'mentions_read_turn', { by, ms: holdMs }))) {
      const turn = await getAgentState(ctx.db, 'mentions_read_turn');
      const untilTurn = turn ? new Date(turn.until).getTime() - ctx.now().getTime() : 0;
      return Math.min(holdMs, Math.max(ctx.agent.pollIntervalMs, untilTurn));
    }
    const r = await whileHolding(ctx, holdMs, () => pollOnce(ctx));
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

/** Runs `read`, renewing this worker's turn every third of `holdMs` until it ends. */
async function whileHolding<T>(ctx: AgentContext, holdMs: number, read: () => Promise<T>) {
  const by = ctx.workerId;
  let renewing: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    const renew = async () => tryLease(ctx.db, 'mentions_read_turn', { by, ms: holdMs });
    renewing = renew().catch(() => false);
  }, holdMs / 3);
  try {
    return await read();
  } finally {
    clearInterval(timer);
    // A renewal in flight must not land after the turn is set to the next read's time.
    await renewing;
  }
}
