import { retryDelayMs } from '../../db/queue/index.ts';
import { XApiError } from '../../integrations/x/index.ts';
import { AgentNotConnectedError } from '../account/agent-account.ts';

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
 * and every 20th after, so a long outage does not flood the log. `stop()` wakes every sleeping
 * loop and waits for the steps in flight.
 */
export function createAgentLoops(deps: {
  now: () => Date;
  logger: { warn: (o: object, msg: string) => void };
}) {
  const controller = new AbortController();
  const running: Promise<void>[] = [];
  const run = async (name: string, step: () => Promise<number>) => {
    let failures = 0;
    while (!controller.signal.aborted) {
      let wait: number;
      try {
        wait = await step();
        failures = 0;
      } catch (err) {
        failures++;
        const resetAt = err instanceof XApiError ? err.resetAt : null;
        wait = retryDelayMs(failures, { baseMs: 1000, maxMs: 60_000, resetAt, now: deps.now() });
        if (err instanceof AgentNotConnectedError) wait = Math.max(wait, 10_000);
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
    /** Starts a loop that runs `step` until stop(). */
    start(name: string, step: () => Promise<number>) {
      running.push(run(name, step));
    },
    async stop() {
      controller.abort();
      await Promise.all(running);
    },
  };
}
