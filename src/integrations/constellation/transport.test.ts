import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { seededRandom } from '../../../tests/support/seed.ts';
import { createConstellationClient } from './client.ts';
import { ConstellationHttpError, ConstellationNetworkError } from './errors.ts';

// The default transport (node:http, kept-alive sockets) against real local servers: the
// client is built without `fetch`, as the product builds it.
const ADDR = 'DAG77zerQ2BUVhtVgkmseihkEfLXieBBm57vqA4J';
const H = 'ab'.repeat(32);
const servers: http.Server[] = [];
// Out-of-order answers, from the run's printed seed (TEST_SEED replays them).
const jitter = seededRandom('constellation-transport');
afterEach(async () => {
  for (const s of servers.splice(0)) {
    s.closeAllConnections();
    await new Promise((r) => s.close(r));
  }
});

async function serve(handler: http.RequestListener): Promise<string> {
  const server = http.createServer(handler);
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const clientAt = (base: string, timeoutMs = 2_000) =>
  createConstellationClient({
    dag: { l0Url: `${base}/l0`, l1Url: `${base}/l1` },
    UP: null,
    DOR: null,
    blockExplorerUrl: `${base}/be`,
    timeoutMs,
  });

const signed = (salt: bigint) => ({
  value: {
    source: ADDR,
    destination: 'DAG0zJW14beJtZX2BY2KA9gLbpaZ8x6vgX4KVPVX',
    amount: 100n,
    fee: 0n,
    parent: { ordinal: 0n, hash: H },
    salt,
  },
  proofs: [{ id: 'a'.repeat(128), signature: '30' }],
});

describe('Constellation client over node:http', () => {
  it('reads integers above 2^53 exactly', async () => {
    const base = await serve((_req, res) => res.end('{"balance":99318100600000001,"ordinal":7}'));
    const balance = await clientAt(base).getBalance('DAG', ADDR);
    expect(balance).toEqual({ balance: 99318100600000001n, ordinal: 7n });
  });

  it('gives each of many concurrent posts on kept-alive sockets its own answer', async () => {
    let connections = 0;
    const base = await serve((req, res) => {
      let body = '';
      req.on('data', (c) => {
        body += c;
      });
      // Answers out of order: each one echoes its request's salt as the hash.
      req.on('end', () => {
        const salt = /"salt":"?(\d+)/.exec(body)?.[1] ?? '';
        setTimeout(() => res.end(`{"hash":"${salt.padStart(64, '0')}"}`), jitter() * 20);
      });
    });
    servers[0]?.on('connection', () => connections++);
    const client = clientAt(base);
    const salts = Array.from({ length: 300 }, (_, i) => BigInt(1000 + i));
    const answers = await Promise.all(salts.map((s) => client.postTransaction('DAG', signed(s))));
    expect(answers.map((a) => a.hash)).toEqual(salts.map((s) => String(s).padStart(64, '0')));
    // A second wave reuses the sockets instead of opening new ones.
    const before = connections;
    await Promise.all(salts.map((s) => client.postTransaction('DAG', signed(s))));
    expect(before).toBeLessThanOrEqual(64);
    expect(connections).toBe(before);
  });

  it('turns a non-2xx answer into ConstellationHttpError with the node error name', async () => {
    const base = await serve((_req, res) => {
      res.statusCode = 400;
      res.end('{"errors":[{"message":"InsufficientBalance(100,50)"}]}');
    });
    const err = await clientAt(base)
      .postTransaction('DAG', signed(1n))
      .catch((e) => e);
    expect(err).toBeInstanceOf(ConstellationHttpError);
    expect(err).toMatchObject({ status: 400, errorName: 'InsufficientBalance', retryable: false });
  });

  it('times out a node that never answers, or trickles, as a network error', async () => {
    const silent = await serve(() => {});
    const trickle = await serve((_req, res) => {
      res.write('{"value":');
      const t = setInterval(() => res.write(' '), 20);
      res.on('close', () => clearInterval(t));
    });
    for (const base of [silent, trickle]) {
      const started = Date.now();
      const err = await clientAt(base, 150)
        .getLatestOrdinal('DAG')
        .catch((e) => e);
      expect(err).toBeInstanceOf(ConstellationNetworkError);
      expect(Date.now() - started).toBeLessThan(1_000);
    }
  });

  it('turns refused connections, cut answers and failed TLS into network errors', async () => {
    const closed = await serve(() => {});
    await new Promise((r) => servers.pop()?.close(r));
    const cut = await serve((req, res) => {
      res.write('{"value":1');
      setTimeout(() => req.socket.destroy(), 10);
    });
    const plain = await serve((_req, res) => res.end('{"value":1}'));
    for (const base of [closed, cut, plain.replace('http:', 'https:')]) {
      const err = await clientAt(base)
        .getLatestOrdinal('DAG')
        .catch((e) => e);
      expect(err).toBeInstanceOf(ConstellationNetworkError);
    }
  });
});
