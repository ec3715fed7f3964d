/**
 * The one real-time wait of the tests (issue 44 §3; decision 0072). Everything in-process is
 * driven instead: an injected clock or timer, `tick()`/`runNow()`, or `until()` (wait-for.ts).
 * What is left waits on something outside this process's control: a child process, a socket,
 * the database server, or a real server's own timers. `why` names which, so each is visible and
 * tests/architecture/real-time-waits.test.ts can fail any other sleep.
 */
export type RealTimeReason = `${'process' | 'socket' | 'database' | 'server'}: ${string}`;

export function waitRealMs(ms: number, why: RealTimeReason): Promise<void> {
  if (!why) throw new Error('a real-time wait says why');
  return new Promise((resolve) => setTimeout(resolve, ms));
}
