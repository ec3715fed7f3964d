import type { Db } from '../../db/client.ts';
import { retryDelayMs } from '../../db/queue/index.ts';
import { XApiError } from '../../integrations/x/index.ts';
import { AgentNotConnectedError } from '../account/agent-account.ts';
import { recordUsageCap, usageCapPause } from '../x-usage-cap.ts';

/** A usage-capped loop looks again this often (an operator's `agent:resume` lifts the pause). */
const CAP_RECHECK_MS = 60_000;

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (signal.aborted) return resolve();
    const onAbort = () => {
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(
      () => {
        signal.removeEventListener('abort', onAbort);
        resolve();
      },
      Math.max(0, ms),
    );
    signal.addEventListener('abort', onAbort, { once: true });
  });

/**
 * The agent worker's loops: each runs its step forever, the step saying how long to wait
 * before the next run. A failing step backs off (to X's rate-limit reset when X named one; at
 * least 10 s while the agent's X account is not connected) and is logged on its first failure
 * and every 20th after, so a long outage does not flood the log. A loop that calls X stops
 * calling it while X's usage cap holds (x-usage-cap.ts): the cap is recorded, not retried.
 * `stop()` wakes every sleeping loop and waits for the steps in flight (within a bound, if given).
 */
export function createAgentLoops(deps: {
  now: () => Date;
  logger: { warn: (o: object, msg: string) => void };
  db?: Db;
}) {
  const controller = new AbortController();
  const running: Promise<void>[] = [];
  const run = async (name: string, step: () => Promise<number>, callsX: boolean) => {
    let failures = 0;
    while (!controller.signal.aborted) {
      let wait: number;
      const cap =
        callsX && deps.db ? await usageCapPause(deps.db, deps.now()).catch(() => null) : null;
      if (cap) {
        const untilMs = new Date(cap.until).getTime() - deps.now().getTime();
        await sleep(Math.min(CAP_RECHECK_MS, untilMs), controller.signal);
        continue;
      }
      try {
        wait = await step();
        failures = 0;
      } catch (err) {
        failures++;
        const resetAt = err instanceof XApiError ? err.resetAt : null;
        wait = retryDelayMs(failures, { baseMs: 1000, maxMs: 60_000, resetAt, now: deps.now() });
        if (err instanceof AgentNotConnectedError) wait = Math.max(wait, 10_000);
        if (err instanceof XApiError && err.usageCap && deps.db) {
          const until = await recordUsageCap(deps.db, err, deps.now());
          deps.logger.warn(
            { loop: name, until: until.toISOString(), ...err.usageCap },
            'X usage cap reached: the agent makes no X calls until it lifts',
          );
          // An X loop now waits in the pause above; any other waits its usual back-off.
          if (callsX) continue;
        }
        if (failures === 1 || failures % 20 === 0) {
          deps.logger.warn(
            { loop: name, failures, err: String(err), retryInMs: wait },
            'agent loop error',
          );
        }
      }
      await sleep(wait, controller.signal);
    }
  };
  return {
    /** Starts a loop that runs `step` until stop(); `callsX` loops pause under a usage cap. */
    start(name: string, step: () => Promise<number>, opts: { callsX?: boolean } = {}) {
      running.push(run(name, step, opts.callsX ?? false));
    },
    /**
     * Wakes every loop and waits for the steps in flight, at most `drainMs` when given. True
     * when they all finished; false when some still run (a render, a slow model call): the
     * caller hands their rows back and exits.
     */
    async stop(opts: { drainMs?: number } = {}): Promise<boolean> {
      controller.abort();
      const all = Promise.all(running).then(() => true);
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
