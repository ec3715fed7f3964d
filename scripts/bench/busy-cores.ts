import { type ChildProcess, spawn } from 'node:child_process';

/**
 * Other work on the machine, made on purpose so a figure "with a core busy" can be reproduced
 * (decision 0069): `count` processes that each spin one core at normal priority, as a
 * `yes > /dev/null` would. `stop()` ends them; so does this process exiting.
 */
export function keepCoresBusy(count: number): { stop(): void } {
  const spinners: ChildProcess[] = [];
  for (let i = 0; i < count; i++) {
    spinners.push(spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }));
  }
  const stop = () => {
    for (const s of spinners.splice(0)) s.kill('SIGKILL');
  };
  process.once('exit', stop);
  return { stop };
}

/** BENCH_BUSY_CORES: how many cores to keep busy, one measurement each (`0,1`: quiet, then one). */
export function busyCoreCounts(env = process.env.BENCH_BUSY_CORES): number[] {
  const counts = (env ?? '0')
    .split(',')
    .map((c) => Number(c.trim()))
    .filter((c) => Number.isInteger(c) && c >= 0);
  return counts.length ? counts : [0];
}

/** How a row names its machine: nothing when quiet, else the cores kept busy. */
export const busyLabel = (busy: number) =>
  busy === 0 ? '' : `, ${busy} core${busy > 1 ? 's' : ''} kept busy`;
