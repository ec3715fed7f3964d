import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { RpcRequestError, TransactionRejectedRpcError } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootstrap } from '@/main/bootstrap.ts';
import { loadConfig } from '@/main/config.ts';
import { createProductServer } from '@/main/http-server.ts';
import type { BaseChain } from '@/sandbox/base/chain.ts';

/**
 * Readiness through bootstrap and the listener `npm start` serves with. A first start whose
 * local Base node fails (viem's retried send refused by anvil as "transaction already
 * imported"): the server runs, readiness says it is not ready and names the node, `/sandbox`
 * lists the twin as failed. With the real node (anvil from npm) all of it is up and ready.
 */
async function startLikeNpmStart(baseChain?: Promise<BaseChain>) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'upsider-start-base-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: '4331',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    AGENT_IN_PROCESS: 'false',
    SANDBOX_DEMO: 'false',
  });
  const started = await bootstrap(config, { startAgentLoops: false, baseChain });
  const server = createProductServer(null, {
    app: Promise.resolve(started.app.fetch),
    background: started.background,
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  await started.background;
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async stop() {
      await new Promise((r) => server.close(r));
      await started.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const message =
  'The local Base node failed to start: Transaction creation failed (transaction already imported)';

describe('a start whose local Base node failed', () => {
  let s: Awaited<ReturnType<typeof startLikeNpmStart>>;
  beforeAll(async () => {
    const refused = new TransactionRejectedRpcError(
      new RpcRequestError({
        body: { method: 'eth_sendTransaction' },
        error: { code: -32003, message: 'transaction already imported' },
        url: 'http://127.0.0.1:8545',
      }),
    );
    const baseChain = Promise.reject<BaseChain>(refused);
    baseChain.catch(() => {});
    s = await startLikeNpmStart(baseChain);
  }, 300_000);
  afterAll(() => s?.stop());

  it('is live but not ready: readiness answers 503 naming the local Base node', async () => {
    expect((await fetch(`${s.origin}/api/health`)).status).toBe(200);
    const ready = await fetch(`${s.origin}/api/health/ready`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({
      error: { code: 'not_ready', message },
      parts: [{ part: 'base', message }],
    });
  });

  it('lists the Base twin as failed on /sandbox, for tools and for people', async () => {
    const json = await (
      await fetch(`${s.origin}/sandbox`, { headers: { accept: 'application/json' } })
    ).json();
    expect(json.services.base).toEqual({
      baseUrl: expect.stringMatching(/\/sandbox\/base$/),
      status: 'failed',
      error: message,
    });
    expect(json.services.x.status).toBe('running');
    const html = await (
      await fetch(`${s.origin}/sandbox`, { headers: { accept: 'text/html' } })
    ).text();
    expect(html).toContain(
      `<tr class="failed"><td>base</td><td><strong>failed</strong>: ${message}</td>`,
    );
  });

  it('says why on the twin’s own routes', async () => {
    const res = await fetch(`${s.origin}/sandbox/base/address/0x${'1'.repeat(40)}`);
    expect(res.status).toBe(503);
    expect((await res.json()).error).toEqual({ code: 'base_unavailable', message });
  });
});

describe('a start whose local Base node runs', () => {
  let s: Awaited<ReturnType<typeof startLikeNpmStart>>;
  beforeAll(async () => {
    s = await startLikeNpmStart();
  }, 300_000);
  afterAll(() => s?.stop());

  it('is ready, and /sandbox lists the node as running', async () => {
    const ready = await fetch(`${s.origin}/api/health/ready`);
    expect(ready.status).toBe(200);
    const json = await (
      await fetch(`${s.origin}/sandbox`, { headers: { accept: 'application/json' } })
    ).json();
    expect(json.services.base).toMatchObject({ status: 'running', chainId: 8453 });
  });
});
