import fs from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { waitRealMs } from '../../../tests/support/real-time.ts';
import { settle } from '../../../tests/support/wait-for.ts';
import { type Starting, startingListener } from './starting-listener.ts';
import { StaticSite } from './static-site.ts';

function deferred<T>() {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

let server: Server | undefined;
afterEach(() => server?.close());

async function listen(starting: Starting) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'starting-site-'));
  fs.writeFileSync(path.join(dir, 'index.html'), '<html><body>the shell</body></html>');
  const site = new StaticSite(dir, (html) => html, {});
  server = createServer(startingListener(site, starting));
  await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('the listener while the server starts', () => {
  it('serves pages at once, holds API requests until the app is composed, then answers them', async () => {
    const app = deferred<(req: Request) => Response>();
    const origin = await listen({ app: app.promise, background: new Promise(() => {}) });

    const page = await fetch(`${origin}/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('the shell');

    let answered = false;
    const api = fetch(`${origin}/api/health`).then((r) => {
      answered = true;
      return r;
    });
    await waitRealMs(100, 'socket: time for an answer to come back over the connection, if any');
    expect(answered).toBe(false);
    app.resolve((req) => new Response(`app saw ${new URL(req.url).pathname}`));
    expect(await (await api).text()).toBe('app saw /api/health');
  });

  it('answers readiness 503 "starting" until the background start-up settles, then asks the app', async () => {
    const background = deferred<undefined>();
    const origin = await listen({
      app: Promise.resolve(() => Response.json({ ok: true })),
      background: background.promise,
    });

    const starting = await fetch(`${origin}/api/health/ready`);
    expect(starting.status).toBe(503);
    expect((await starting.json()).error.code).toBe('starting');
    expect((await fetch(`${origin}/api/other`)).status).toBe(200);

    background.resolve(undefined);
    await settle(); // the listener sees the start-up settle
    expect((await fetch(`${origin}/api/health/ready`)).status).toBe(200);
  });

  it('answers readiness 503 "not_ready" naming the part that failed in the background, for good', async () => {
    const message = 'The local Base node failed to start: transaction already imported';
    const origin = await listen({
      app: Promise.resolve(() => Response.json({ ok: true })),
      background: Promise.resolve({ failed: [{ part: 'base', message }] }),
    });
    await settle(); // the listener sees the start-up settle

    for (let i = 0; i < 2; i++) {
      const ready = await fetch(`${origin}/api/health/ready`);
      expect(ready.status).toBe(503);
      expect(await ready.json()).toEqual({
        error: { code: 'not_ready', message },
        parts: [{ part: 'base', message }],
      });
    }
    // Liveness and everything else still reach the app: the server runs, it is not all there.
    expect((await fetch(`${origin}/api/health`)).status).toBe(200);
  });

  it('answers readiness 503 "not_ready" when the background start-up itself threw', async () => {
    const origin = await listen({
      app: Promise.resolve(() => Response.json({ ok: true })),
      background: Promise.reject(new Error('the indexer could not load')),
    });
    await settle(); // the listener sees the start-up settle
    const ready = await fetch(`${origin}/api/health/ready`);
    expect(ready.status).toBe(503);
    expect((await ready.json()).error).toEqual({
      code: 'not_ready',
      message: 'The start-up failed: the indexer could not load',
    });
  });

  it('answers readiness 503 "stopping" once the process stops, and still serves the rest', async () => {
    let stopping = false;
    const origin = await listen({
      app: Promise.resolve((req) =>
        new URL(req.url).pathname === '/api/health/ready'
          ? Response.json({ ok: true })
          : new Response('served'),
      ),
      background: Promise.resolve(undefined),
      stopping: () => stopping,
    });
    await settle();
    expect((await fetch(`${origin}/api/health/ready`)).status).toBe(200);

    stopping = true;
    const ready = await fetch(`${origin}/api/health/ready`);
    expect(ready.status).toBe(503);
    expect((await ready.json()).error.code).toBe('stopping');
    // Requests a balancer already sent are still answered while it notices (decision 0078).
    expect(await (await fetch(`${origin}/api/stats`)).text()).toBe('served');
  });
});
