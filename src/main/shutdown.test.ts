import { createServer, request, type Server } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { until } from '../../tests/support/wait-for.ts';
import { drainHttpServer } from './shutdown.ts';

// SIGTERM under load: requests in flight get their whole answer, then the server closes.

let server: Server;
let received = 0;
afterEach(() => server?.closeAllConnections());

const listen = async (delayMs: number) => {
  received = 0;
  server = createServer((_req, res) => {
    received++;
    setTimeout(() => res.end('done'), delayMs);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  return port;
};

/** Until the server has every request in hand (a connection with none yet is idle, and cut). */
const receivedAll = (n: number) => until(() => received >= n, `${n} requests in hand`);

const get = (port: number) =>
  new Promise<{ status: number; body: string } | { error: string }>((resolve) => {
    const req = request({ port, host: '127.0.0.1', path: '/', agent: false }, (res) => {
      let body = '';
      res.on('data', (c) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      res.on('error', (e) => resolve({ error: String(e) }));
    });
    req.on('error', (e) => resolve({ error: String(e) }));
    req.end();
  });

describe('drainHttpServer', () => {
  it('lets requests in flight finish, then stops listening', async () => {
    const port = await listen(300);
    const inFlight = [get(port), get(port), get(port)];
    await receivedAll(3);
    expect(await drainHttpServer(server, 5_000)).toBe(true);
    expect(await Promise.all(inFlight)).toEqual(Array(3).fill({ status: 200, body: 'done' }));
    expect(server.listening).toBe(false);
    expect(await get(port)).toHaveProperty('error');
  });

  it('cuts what is still open after the bound and says so', async () => {
    const port = await listen(5_000);
    const inFlight = get(port);
    await receivedAll(1);
    expect(await drainHttpServer(server, 100)).toBe(false);
    expect(await inFlight).toHaveProperty('error');
  });
});
