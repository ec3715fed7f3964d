import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '../logger.ts';
import type { Metrics } from './registry.ts';
import { closeServer, startMetricsServer } from './server.ts';

const metrics = {
  scrape: async () => ({ contentType: 'text/plain; version=0.0.4', body: 'up 1\n' }),
} as unknown as Metrics;
const logger = createLogger('silent');
let server: Awaited<ReturnType<typeof startMetricsServer>> | null = null;
afterEach(() => closeServer(server));

const start = async (token: string | null) => {
  server = await startMetricsServer({ token, port: 0, host: '127.0.0.1' }, metrics, logger);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
};

/** METRICS_PORT: /metrics on its own listener (an agent worker's only way to be scraped). */
describe('metrics port', () => {
  it('serves /metrics, and nothing else', async () => {
    const url = await start(null);
    const res = await fetch(`${url}/metrics`);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('up 1\n');
    expect((await fetch(`${url}/`)).status).toBe(404);
    expect((await fetch(`${url}/api/health/live`)).status).toBe(404);
  });

  it('asks for METRICS_TOKEN there too when it is set', async () => {
    const url = await start('port-token-0123456789');
    expect((await fetch(`${url}/metrics`)).status).toBe(401);
    const ok = await fetch(`${url}/metrics`, {
      headers: { authorization: 'Bearer port-token-0123456789' },
    });
    expect(ok.status).toBe(200);
  });
});
