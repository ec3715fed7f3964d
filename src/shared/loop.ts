/**
 * The one interval loop of the server layers: run a pass, wait, run it again, until
 * stop(). The wait starts when a pass ends, so two passes never overlap however long one takes.
 * It lives in shared, the leaf every server layer may import (db's embedded upkeep runs on it too),
 * and uses only timers, nothing Node-only to import.
 */
/** Milliseconds before the next pass; undefined for the loop's interval. */
type Wait = number | undefined;

export interface LoopOptions {
  /** One pass. A number it resolves to is the wait before the next (the agent's steps say how
   * long); otherwise the next comes `intervalMs` later. */
  pass: () => Promise<Wait> | Promise<void>;
  intervalMs: number;
  /** Wait before the first pass; without it the first starts at once, inside startLoop. */
  firstDelayMs?: number;
  /**
   * A pass failed (`failures` in a row, 1 the first time); the loop goes on. A number it returns
   * (or resolves to) is the wait before the next pass, a back-off; anything else: `intervalMs`.
   */
  onError: (err: unknown, failures: number) => unknown;
  /** Lets the process exit while the loop waits (only an unref'd timer does). */
  unref?: boolean;
  /**
   * Schedules `run` in `ms` and returns its cancel; real timers (setTimeout) when absent. A test
   * passes its own to step the loop's waits without spending them (decision 0072).
   */
  setTimer?: SetTimer;
}

export type SetTimer = (run: () => Promise<void>, ms: number) => () => void;

/** A SetTimer on real time (setTimeout); `unref` lets the process exit while it waits. */
export function realTimer(unref = false): SetTimer {
  return (run, ms) => {
    const timer = setTimeout(run, ms);
    if (unref) timer.unref();
    return () => clearTimeout(timer);
  };
}

export interface Loop {
  /** Runs a pass now, or joins the running one; the next pass comes its wait after it. */
  runNow(): Promise<void>;
  /** No pass starts any more; resolves once the running one (if any) has finished. */
  stop(): Promise<void>;
}

export function startLoop(o: LoopOptions): Loop {
  let stopped = false;
  let failures = 0;
  let cancel = () => {};
  let running: Promise<void> | null = null;
  const setTimer = o.setTimer ?? realTimer(o.unref);

  const once = async (): Promise<number> => {
    try {
      const wait = await o.pass();
      failures = 0;
      return wait ?? o.intervalMs;
    } catch (err) {
      failures++;
      try {
        const wait = await o.onError(err, failures);
        return typeof wait === 'number' ? wait : o.intervalMs;
      } catch {
        return o.intervalMs; // a failing handler must not end the loop either
      }
    }
  };
  const schedule = (ms: number) => {
    if (stopped) return;
    cancel = setTimer(runNow, Math.max(0, ms));
  };
  const runNow = (): Promise<void> => {
    if (stopped || running) return running ?? Promise.resolve();
    cancel();
    running = once().then((wait) => {
      running = null;
      schedule(wait);
    });
    return running;
  };

  if (o.firstDelayMs === undefined) runNow();
  else schedule(o.firstDelayMs);
  return {
    runNow,
    async stop() {
      stopped = true;
      cancel();
      await running;
    },
  };
}
