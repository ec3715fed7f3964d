import type { Db } from '@/db/client.ts';
import type { Logger } from '@/shared/logger.ts';
import { type Loop, type SetTimer, startLoop } from '@/shared/loop.ts';
import { snapshotsStalled } from './faults.ts';

/**
 * L0's own snapshots, one every `intervalMs` on the twin's timers: real in `npm start`, stepped
 * by a test's manual timers (decision 0072). The wait starts when a snapshot ends, so a slow one
 * never piles up behind itself; the first comes one interval after the start, as before.
 */
export function startSnapshotLoop(o: {
  db: Db;
  intervalMs: number;
  snapshot: () => Promise<unknown>;
  logger: Logger;
  setTimer?: SetTimer;
}): Loop {
  return startLoop({
    intervalMs: o.intervalMs,
    firstDelayMs: o.intervalMs,
    unref: true,
    setTimer: o.setTimer,
    pass: async () => {
      // An injected stall (`stallSnapshots`): L0 makes no snapshot while it lasts.
      if (!(await snapshotsStalled(o.db))) await o.snapshot();
    },
    onError: (err) => {
      o.logger.error({ err }, 'constellation sandbox: snapshot failed');
    },
  });
}
