import http from 'node:http';

/**
 * Requests/s against one URL: `connections` keep-alive loops for `ms`. The load generator runs
 * in the bench process; the server under test and the baseline run in their own processes.
 */
export async function requestsPerSecond(
  url: string,
  headers: Record<string, string>,
  opts: { connections?: number; ms?: number } = {},
): Promise<number> {
  const connections = opts.connections ?? 16;
  const ms = opts.ms ?? 2000;
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const end = performance.now() + ms;
  let done = 0;
  const one = () =>
    new Promise<number>((resolve, reject) => {
      http
        .get(url, { agent, headers }, (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        })
        .on('error', reject);
    });
  const started = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < end) {
        const status = await one();
        if (status !== 200 && status !== 304) throw new Error(`${url} answered ${status}`);
        done++;
      }
    }),
  );
  agent.destroy();
  return done / ((performance.now() - started) / 1000);
}
