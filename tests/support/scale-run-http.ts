import { request as httpRequest } from 'node:http';
import { readinessBalancer } from './readiness-balancer.ts';

// How a multi-process run (scale-run.ts) reaches its API processes over HTTP.

/** One HTTP request from a chosen loopback address, without keep-alive. */
export function sendRequest(
  apiPort: number,
  urlPath: string,
  opts: { from?: string; method?: string; headers?: Record<string, string>; body?: string },
) {
  return new Promise<number>((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port: apiPort,
        path: urlPath,
        method: opts.method ?? 'GET',
        headers: opts.headers,
        localAddress: opts.from ?? '127.0.0.1',
        agent: false,
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(opts.body);
  });
}

/**
 * Steady reads over the API processes until stopped, as a load balancer sends them: only to
 * processes whose readiness answers 200 (readiness-balancer.ts); a refused connection (a
 * process restarting) goes to the next process; any other failure (a reset, a cut
 * response, a 5xx) is a dropped request.
 */
export function balancedLoad(ports: () => number[], paths: string[], concurrency: number) {
  let stop = false;
  const balancer = readinessBalancer(ports);
  const stats = {
    ok: 0,
    refusedThenRetried: 0,
    dropped: 0,
    errors: [] as string[],
    notReadySaid: balancer.notReadySaid,
  };
  const one = async (n: number) => {
    const list = balancer.targets();
    for (let k = 0; k < list.length; k++) {
      const p = list[(n + k) % list.length]!;
      try {
        const status = await sendRequest(p, paths[n % paths.length]!, {});
        if (status >= 500) {
          stats.dropped++;
          stats.errors.push(`${status} ${paths[n % paths.length]}`);
        } else stats.ok++;
        return;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ECONNREFUSED') {
          stats.refusedThenRetried++;
          continue;
        }
        stats.dropped++;
        stats.errors.push(String((err as Error).message));
        return;
      }
    }
    stats.dropped++;
    stats.errors.push('no process accepted');
  };
  const loops = Array.from({ length: concurrency }, async (_, i) => {
    for (let n = i; !stop; n += concurrency) await one(n);
  });
  return {
    stats,
    async stop() {
      stop = true;
      await Promise.all(loops);
      await balancer.stop();
      return stats;
    },
  };
}
