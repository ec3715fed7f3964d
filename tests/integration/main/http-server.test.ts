import { Agent, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, expect, it } from 'vitest';
import { createHttpServer } from '@/main/http-server.ts';
import { waitRealMs } from '../../support/real-time.ts';

const servers: { close: () => void }[] = [];
afterEach(() => {
  for (const s of servers.splice(0)) s.close();
});

function get(port: number, agent: Agent) {
  return new Promise<{ status: number; reusedSocket: boolean }>((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: '/', agent }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode!, reusedSocket: req.reusedSocket }));
    });
    req.on('error', reject);
    req.end();
  });
}

it('keeps an idle keep-alive connection open past Node’s 5 s default', async () => {
  const server = createHttpServer((_req, res) => res.end('ok'));
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  expect((await get(port, agent)).status).toBe(200);
  // With the default timeout the server would close the socket at 5 s, and this second
  // request would go out on a fresh one (or fail with ECONNRESET if it raced the close).
  await waitRealMs(6000, 'server: Node’s keep-alive timer is on the socket, no clock to inject');
  const second = await get(port, agent);
  agent.destroy();
  expect(second).toEqual({ status: 200, reusedSocket: true });
}, 15_000);
