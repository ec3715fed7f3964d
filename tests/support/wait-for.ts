/**
 * Waiting on in-process work without sleeping a fixed time (decision 0072): the check runs again
 * as soon as the event loop has turned, so a test goes on the moment the work is done. After a
 * few quick turns the checks space out (1, 2, 4 … 16 ms): a check is often a query on the same
 * in-process database as the work it waits for, and must not crowd that work out. The bound is a
 * deadline that fails the test with `what`, never a wait the test pays for when things are fine.
 */
export async function until(
  check: () => boolean | Promise<boolean>,
  what: string,
  timeoutMs = 10_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (let tries = 0; !(await check()); tries++) {
    if (Date.now() > deadline) throw new Error(`timed out waiting: ${what}`);
    if (tries < 3) await settle();
    else await pollStep(Math.min(16, 2 ** (tries - 3)));
  }
}

/** One turn of the event loop: promise callbacks and I/O that is ready run before it resolves. */
export function settle(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** until()'s spacing between checks; the architecture test allows it here and nowhere else. */
function pollStep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
