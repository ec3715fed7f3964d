import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { afterFirstPage } from './first-page-gate.ts';

let server: Server | undefined;
afterEach(() => new Promise<void>((r) => (server ? server.close(() => r()) : r())));

async function listening() {
  server = createServer((_req, res) => res.end('ok'));
  await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('afterFirstPage (the first-start demo waits for the first visitor)', () => {
  it('waits through API, sandbox and asset requests, and opens once a page was sent', async () => {
    const origin = await listening();
    let opened = false;
    const gate = afterFirstPage(server!, { quietMs: 0, maxWaitMs: 600_000 }).then(() => {
      opened = true;
    });
    for (const path of ['/api/health', '/sandbox/x/home', '/assets/app.js', '/favicon.svg']) {
      await (await fetch(`${origin}${path}`)).text();
    }
    await new Promise((r) => setImmediate(r));
    expect(opened).toBe(false);
    await (await fetch(`${origin}/leaderboard`)).text();
    await gate;
    expect(opened).toBe(true);
  });

  it('opens by itself when nobody visits', async () => {
    await listening();
    await expect(afterFirstPage(server!, { quietMs: 0, maxWaitMs: 1 })).resolves.toBeUndefined();
  });
});
