export type StopSignal = 'SIGINT' | 'SIGTERM';

/**
 * The first SIGINT or SIGTERM, listened for from the call on. An entry calls it before it loads
 * or opens anything else: without a listener Node dies of the signal at once, half-way through a
 * start (a database being opened, a child process being started) and with an exit code a deploy
 * reads as a crash. With it, a process stopped while starting finishes its start, undoes it and
 * exits 0 (decision 0078). Later signals are swallowed: the first one's stop is under way.
 */
export function listenForStop(): Promise<StopSignal> {
  return new Promise((resolve) => {
    process.on('SIGINT', () => resolve('SIGINT'));
    process.on('SIGTERM', () => resolve('SIGTERM'));
  });
}
