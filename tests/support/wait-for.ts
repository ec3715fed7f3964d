/**
 * Waiting on in-process work without sleeping a fixed time (decision 0072): the check runs again
 * after each turn of the event loop, so a test goes on the moment the work is done. The bound is
 * a deadline that fails the test with `what`, never a wait the test pays for when things are fine.
 */
export async function until(
  check: () => boolean | Promise<boolean>,
  what: string,
  timeoutMs = 10_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting: ${what}`);
    await settle();
  }
}

/** One turn of the event loop: promise callbacks and I/O that is ready run before it resolves. */
export function settle(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
