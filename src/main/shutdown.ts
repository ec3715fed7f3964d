import type { Server } from 'node:http';

/**
 * How long a stopping process lets work in flight finish (requests, agent steps) before it
 * hands the rest back and exits: inside the 30 s an orchestrator waits after SIGTERM by default
 * (Kubernetes' terminationGracePeriodSeconds, systemd's TimeoutStopSec is longer).
 */
export const SHUTDOWN_DRAIN_MS = 20_000;

/**
 * Stops accepting connections and lets requests in flight finish: idle keep-alive sockets are
 * closed at once (they would hold close() open), busy ones when their response is done, and
 * whatever is still open after `drainMs` is cut. True when every request finished in time.
 */
export async function drainHttpServer(server: Server, drainMs: number): Promise<boolean> {
  if (!server.listening) return true;
  const closed = new Promise<boolean>((resolve) => server.close(() => resolve(true)));
  server.closeIdleConnections();
  // A response that finishes closes its socket rather than keeping it alive for more.
  const idleAgain = setInterval(() => server.closeIdleConnections(), 100);
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), drainMs);
  });
  try {
    const finished = await Promise.race([closed, late]);
    if (!finished) server.closeAllConnections();
    return finished;
  } finally {
    clearInterval(idleAgain);
    clearTimeout(timer);
  }
}
