import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Hono } from 'hono';
import { createProductServer } from '@/main/http-server.ts';

export interface ListenedResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/**
 * A test app behind the server `npm start` listens with (src/main/server.ts), on a free port of
 * 127.0.0.1. `send` speaks real HTTP from a chosen loopback address (any 127.x.y.z reaches it on
 * Linux), so what depends on the connection — the client's address — is tested as it runs.
 */
export async function listenLikeNpmStart(app: Hono) {
  const server = createProductServer(null, {
    app: Promise.resolve(app.fetch),
    background: Promise.resolve({ failed: [] }),
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  const origin = `http://127.0.0.1:${port}`;

  function send(
    path: string,
    opts: {
      from?: string;
      method?: string;
      headers?: Record<string, string>;
      body?: string;
    } = {},
  ) {
    return new Promise<ListenedResponse>((resolve, reject) => {
      const req = httpRequest(
        {
          host: '127.0.0.1',
          port,
          path,
          method: opts.method ?? 'GET',
          headers: opts.headers,
          localAddress: opts.from ?? '127.0.0.1',
          agent: false,
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              headers: res.headers,
              body: Buffer.concat(chunks).toString('utf8'),
            }),
          );
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(opts.body);
    });
  }

  return {
    origin,
    send,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
