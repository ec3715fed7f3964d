import { waitRealMs } from './real-time.ts';

/** How often the balancer asks each process (a load balancer's health-check interval). */
export const READINESS_POLL_MS = 250;

/**
 * What a load balancer in front of the API processes does with readiness: it asks each
 * process's `/api/health/ready` every READINESS_POLL_MS and sends only to those that last
 * answered 200. A process told to stop fails readiness first and keeps serving for
 * SHUTDOWN_DELAY_MS (decision 0078), so no request reaches its closing listener. A process not
 * asked yet counts as ready; when none is ready, all are tried (balancers fail open).
 */
export function readinessBalancer(ports: () => number[]) {
  const ready = new Map<number, boolean>();
  /** The error codes readiness answered with (`starting`, `stopping`, …), for the run's checks. */
  const notReadySaid = new Set<string>();
  let stopped = false;
  const ask = async (port: number) => {
    const res = await fetch(`http://127.0.0.1:${port}/api/health/ready`, {
      signal: AbortSignal.timeout(2_000),
    }).catch(() => null);
    if (res?.status === 503) {
      const body = (await res.json().catch(() => null)) as { error?: { code?: string } } | null;
      notReadySaid.add(body?.error?.code ?? 'unreadable');
    } else await res?.body?.cancel();
    ready.set(port, res?.status === 200);
  };
  const polling = (async () => {
    while (!stopped) {
      await Promise.all(ports().map(ask));
      await waitRealMs(READINESS_POLL_MS, 'server: the API processes are child processes');
    }
  })();
  return {
    notReadySaid,
    targets(): number[] {
      const all = ports();
      const live = all.filter((p) => ready.get(p) !== false);
      return live.length > 0 ? live : all;
    },
    async stop() {
      stopped = true;
      await polling;
    },
  };
}
