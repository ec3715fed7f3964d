import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { RpcRequestError, TransactionRejectedRpcError } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootstrap } from '../../src/main/bootstrap.ts';
import { loadConfig } from '../../src/main/config.ts';
import { createProductServer } from '../../src/main/http-server.ts';
import type { BaseChain } from '../../src/sandbox/base/chain.ts';

/**
 * A first start whose local Base node fails (viem's retried send refused by anvil as "transaction
 * already imported"), through bootstrap and the listener `npm start` serves with: the server
 * runs, readiness says it is not ready and names the node, `/sandbox` lists the twin as failed.
 */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'upsider-base-failure-'));
const refused = new TransactionRejectedRpcError(
  new RpcRequestError({
    body: { method: 'eth_sendTransaction' },
    error: { code: -32003, message: 'transaction already imported' },
    url: 'http://127.0.0.1:8545',
  }),
);
let started: Awaited<ReturnType<typeof bootstrap>>;
let server: ReturnType<typeof createProductServer>;
let origin: string;

beforeAll(async () => {
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: '4331',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    AGENT_IN_PROCESS: 'false',
    SANDBOX_DEMO: 'false',
  });
  const baseChain = Promise.reject<BaseChain>(refused);
  baseChain.catch(() => {});
  started = await bootstrap(config, { startAgentLoops: false, baseChain });
  server = createProductServer(null, {
    app: Promise.resolve(started.app.fetch),
    background: started.background,
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  await started.background;
}, 300_000);
afterAll(async () => {
  await new Promise((r) => server?.close(r));
  await started?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const message =
  'The local Base node failed to start: Transaction creation failed (transaction already imported)';

describe('a start whose local Base node failed', () => {
  it('is live but not ready: readiness answers 503 naming the local Base node', async () => {
    expect((await fetch(`${origin}/api/health`)).status).toBe(200);
    const ready = await fetch(`${origin}/api/health/ready`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({
      error: { code: 'not_ready', message },
      parts: [{ part: 'base', message }],
    });
  });

  it('lists the Base twin as failed on /sandbox, for tools and for people', async () => {
    const json = await (
      await fetch(`${origin}/sandbox`, { headers: { accept: 'application/json' } })
    ).json();
    expect(json.services.base).toEqual({
      baseUrl: expect.stringMatching(/\/sandbox\/base$/),
      status: 'failed',
      error: message,
    });
    expect(json.services.x.status).toBe('running');
    const html = await (
      await fetch(`${origin}/sandbox`, { headers: { accept: 'text/html' } })
    ).text();
    expect(html).toContain(
      `<tr class="failed"><td>base</td><td><strong>failed</strong>: ${message}</td>`,
    );
  });

  it('says why on the twin’s own routes', async () => {
    const res = await fetch(`${origin}/sandbox/base/address/0x${'1'.repeat(40)}`);
    expect(res.status).toBe(503);
    expect((await res.json()).error).toEqual({ code: 'base_unavailable', message });
  });
});
