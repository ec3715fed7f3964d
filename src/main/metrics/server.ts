import { createServer, type Server } from 'node:http';
import { bearerMatches } from '@/api/http/metrics.ts';
import type { MetricsConfig } from '../config-metrics.ts';
import type { Logger } from '../logger.ts';
import type { Metrics } from './registry.ts';

/**
 * METRICS_PORT: `GET /metrics` on a listener of its own (METRICS_HOST), off the public site;
 * the one way to scrape an `npm run agent` worker, which serves no site. With METRICS_TOKEN set
 * it asks for the bearer token here too. Anything else answers 404.
 */
export async function startMetricsServer(
  config: MetricsConfig & { port: number },
  metrics: Metrics,
  logger: Logger,
): Promise<Server> {
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (req.method !== 'GET' || path !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
      return;
    }
    if (config.token && !bearerMatches(req.headers.authorization, config.token)) {
      res.writeHead(401, { 'www-authenticate': 'Bearer realm="metrics"' }).end();
      return;
    }
    metrics.scrape().then(
      ({ contentType, body }) => {
        res.writeHead(200, { 'content-type': contentType, 'cache-control': 'no-store' }).end(body);
      },
      (err: Error) => {
        logger.error({ err }, 'metrics scrape failed');
        res.writeHead(500).end();
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => resolve());
  });
  logger.info({ host: config.host, port: config.port }, 'metrics listening');
  return server;
}

export const closeServer = (server: Server | null) =>
  new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
