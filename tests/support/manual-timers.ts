import { expect } from 'vitest';
import type { SetTimer } from '@/shared/loop.ts';
import { settle, until } from './wait-for.ts';

/**
 * Timers for a loop (shared/loop.ts `setTimer`) that fire only when the test advances its own
 * time (decision 0072): each fired pass is awaited, so the loop's next wait is known before time
 * moves on. `advance(1500)` runs what 1.5 s of real timers would, at once. `now()` is the clock
 * that goes with them (from the real time at creation), for code that reads the time it waited.
 */
export function manualTimers() {
  const epoch = Date.now();
  let at = 0;
  const pending = new Set<{ due: number; run: () => Promise<void> }>();
  const setTimer: SetTimer = (run, ms) => {
    const t = { due: at + ms, run };
    pending.add(t);
    return () => pending.delete(t);
  };
  return {
    setTimer,
    now: () => new Date(epoch + at),
    /** How many waits are scheduled: a loop between passes has one. */
    pending: () => pending.size,
    async advance(ms: number) {
      const end = at + ms;
      for (let fired = 0; ; fired++) {
        if (fired > 10_000) throw new Error('a loop keeps scheduling itself at once');
        const next = [...pending].filter((t) => t.due <= end).sort((a, b) => a.due - b.due)[0];
        if (!next) break;
        pending.delete(next);
        at = next.due;
        await next.run();
      }
      at = end;
    },
  };
}

/**
 * `call` is held on `timers` for exactly `ms`: still unanswered one millisecond before, then
 * let go. Resolves with its answer (a fault's delay, say).
 */
export async function heldFor<T>(
  timers: ReturnType<typeof manualTimers>,
  call: Promise<T>,
  ms: number,
  why: string,
): Promise<T> {
  let answered = false;
  void call.then(
    () => {
      answered = true;
    },
    () => {
      answered = true;
    },
  );
  await until(() => timers.pending() === 1, why);
  await timers.advance(ms - 1);
  await settle();
  expect(answered).toBe(false);
  await timers.advance(1);
  return call;
}
