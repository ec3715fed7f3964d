/**
 * Runs `pass` now and then every `intervalMs` after the previous pass finished (never two at
 * once). `stop()` waits for a running pass.
 */
export function startPollLoop(pass: () => Promise<unknown>, intervalMs: number) {
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> = Promise.resolve();
  const run = () => {
    if (stopped) return;
    running = pass()
      .catch(() => {})
      .finally(() => {
        if (!stopped) timer = setTimeout(run, intervalMs);
        timer?.unref();
      });
  };
  run();
  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
