import type { Db } from '@/db/client.ts';
import { retryDelayMs } from '@/db/queue/index.ts';
import { XApiError } from '@/integrations/x/index.ts';
import { type Loop, type SetTimer, startLoop } from '@/shared/loop.ts';
import { AgentNotConnectedError } from '../account/agent-account.ts';
import { recordUsageCap, usageCapPause } from '../x-usage-cap.ts';

/** A paused loop (usage cap, no credit) looks again this often (`agent:resume` lifts the pause). */
const CAP_RECHECK_MS = 60_000;

/**
 * The agent worker's loops (shared/loop.ts, one each): each runs its step until stop(), the
 * step saying how long to wait before the next run. A failing step backs off (to X's rate-limit reset when X named one; at
 * least 10 s while the agent's X account is not connected) and is logged on its first failure
 * and every 20th after, so a long outage does not flood the log. A loop that calls X stops
 * calling it while X's usage cap holds (x-usage-cap.ts): the cap is recorded, not retried.
 * `stop()` wakes every sleeping loop and waits for the steps in flight (within a bound, if given).
 */
export function createAgentLoops(deps: {
  now: () => Date;
  logger: { warn: (o: object, msg: string) => void };
  db?: Db;
  /** The loops' waits; real timers unless a test steps them (shared/loop.ts). */
  setTimer?: SetTimer;
}) {
  const loops: Loop[] = [];
  const backOff = async (name: string, callsX: boolean, err: unknown, failures: number) => {
    const resetAt = err instanceof XApiError ? err.resetAt : null;
    let wait = retryDelayMs(failures, { baseMs: 1000, maxMs: 60_000, resetAt, now: deps.now() });
    if (err instanceof AgentNotConnectedError) wait = Math.max(wait, 10_000);
    if (err instanceof XApiError && err.accountBlocked && deps.db) {
      const until = await recordUsageCap(deps.db, err, deps.now());
      deps.logger.warn(
        { loop: name, until: until.toISOString(), ...err.usageCap, credits: err.creditsDepleted },
        err.creditsDepleted
          ? 'X credits used up: the agent makes no X calls until a probe passes'
          : 'X usage cap reached: the agent makes no X calls until it lifts',
      );
      // An X loop goes straight to the pause its next pass finds; any other backs off as usual.
      if (callsX) return 0;
    }
    if (failures === 1 || failures % 20 === 0) {
      deps.logger.warn(
        { loop: name, failures, err: String(err), retryInMs: wait },
        'agent loop error',
      );
    }
    return wait;
  };
  const start = (name: string, step: () => Promise<number>, callsX: boolean) =>
    startLoop({
      pass: async () => {
        const cap =
          callsX && deps.db ? await usageCapPause(deps.db, deps.now()).catch(() => null) : null;
        if (!cap) return step();
        return Math.min(CAP_RECHECK_MS, new Date(cap.until).getTime() - deps.now().getTime());
      },
      // Every pass and back-off names its wait: this one is only for a back-off that failed
      // itself (the usage cap not recorded: the database is down).
      intervalMs: CAP_RECHECK_MS,
      setTimer: deps.setTimer,
      onError: (err, failures) => backOff(name, callsX, err, failures),
    });
  return {
    /** Starts a loop that runs `step` until stop(); `callsX` loops pause under a usage cap. */
    start(name: string, step: () => Promise<number>, opts: { callsX?: boolean } = {}) {
      loops.push(start(name, step, opts.callsX ?? false));
    },
    /**
     * Wakes every loop and waits for the steps in flight, at most `drainMs` when given. True
     * when they all finished; false when some still run (a render, a slow model call): the
     * caller hands their rows back and exits.
     */
    async stop(opts: { drainMs?: number } = {}): Promise<boolean> {
      const all = Promise.all(loops.map((loop) => loop.stop())).then(() => true);
      if (opts.drainMs === undefined) return all;
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(false), opts.drainMs);
      });
      try {
        return await Promise.race([all, late]);
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
