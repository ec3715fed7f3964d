import { describe, expect, it } from 'vitest';
import { createConstellationClient } from './client.ts';
import {
  ConstellationConfigError,
  ConstellationHttpError,
  ConstellationNetworkError,
  ConstellationResponseError,
} from './errors.ts';

const ADDR = 'DAG77zerQ2BUVhtVgkmseihkEfLXieBBm57vqA4J';
const H = 'ab'.repeat(32);

/** A client whose fetch answers from a table of `METHOD url` → [status, body]. */
function clientWith(routes: Record<string, [number, string]>, calls: string[] = []) {
  return createConstellationClient({
    dag: { l0Url: 'http://l0/', l1Url: 'http://l1' },
    UP: { l0Url: 'http://up-l0', l1Url: 'http://up-l1', metagraphId: 'DAG0UP' },
    DOR: null,
    blockExplorerUrl: 'http://be',
    timeoutMs: 200,
    fetch: async (url, init) => {
      const key = `${init?.method ?? 'GET'} ${url}`;
      calls.push(key);
      const hit = routes[key];
      if (!hit) throw new TypeError('fetch failed');
      return new Response(hit[1], { status: hit[0] });
    },
  });
}

describe('Constellation client', () => {
  it('reads balances above 2^53 exactly, from /dag or /currency by token', async () => {
    const c = clientWith({
      [`GET http://l0/dag/${ADDR}/balance`]: [200, '{"balance":99318100600000001,"ordinal":7}'],
      [`GET http://up-l0/currency/${ADDR}/balance`]: [200, '{"balance":5,"ordinal":9}'],
    });
    expect(await c.getBalance('DAG', ADDR)).toEqual({ balance: 99318100600000001n, ordinal: 7n });
    expect(await c.getBalance('UP', ADDR)).toEqual({ balance: 5n, ordinal: 9n });
  });

  it('turns a node rejection into ConstellationHttpError with the error name', async () => {
    const c = clientWith({
      'POST http://up-l1/transactions': [
        400,
        '{"errors":[{"message":"InsufficientBalance(100,50)"}]}',
      ],
    });
    const signed = {
      value: {
        source: ADDR,
        destination: 'DAG0zJW14beJtZX2BY2KA9gLbpaZ8x6vgX4KVPVX',
        amount: 100n,
        fee: 0n,
        parent: { ordinal: 0n, hash: H },
        salt: 1n,
      },
      proofs: [{ id: 'a'.repeat(128), signature: '30' }],
    };
    const err = await c.postTransaction('UP', signed).catch((e) => e);
    expect(err).toBeInstanceOf(ConstellationHttpError);
    expect(err).toMatchObject({ status: 400, errorName: 'InsufficientBalance', retryable: false });
    expect(err.nodeMessage).toBe('InsufficientBalance(100,50)');
  });

  it('marks network failures and 5xx retryable, and bad shapes as response errors', async () => {
    const c = clientWith({
      'GET http://l1/transactions/last-reference/x': [503, '{"message":"Node is not ready yet"}'],
      'GET http://l0/global-snapshots/latest/ordinal': [200, '{"value":"nope"}'],
    });
    const down = await c.getLastReference('UP', ADDR).catch((e) => e);
    expect(down).toBeInstanceOf(ConstellationNetworkError);
    expect(down.retryable).toBe(true);
    const busy = await c.getLastReference('DAG', 'x').catch((e) => e);
    expect(busy).toMatchObject({ status: 503, retryable: true, errorName: null });
    await expect(c.getLatestOrdinal('DAG')).rejects.toBeInstanceOf(ConstellationResponseError);
    await expect(c.getBalance('DOR', ADDR)).rejects.toBeInstanceOf(ConstellationConfigError);
  });

  it('times out a node that never answers', async () => {
    const c = createConstellationClient({
      dag: { l0Url: 'http://l0', l1Url: 'http://l1' },
      UP: null,
      DOR: null,
      blockExplorerUrl: 'http://be',
      timeoutMs: 50,
      fetch: (_url, init) =>
        new Promise((_resolve, reject) =>
          init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)),
        ),
    });
    await expect(c.getLatestOrdinal('DAG')).rejects.toBeInstanceOf(ConstellationNetworkError);
  });

  it('maps 404 to null for pending and explorer transactions, using the metagraph paths', async () => {
    const calls: string[] = [];
    const c = clientWith(
      {
        [`GET http://up-l1/transactions/${H}`]: [404, ''],
        [`GET http://be/currency/DAG0UP/transactions/${H}`]: [
          404,
          '{"message":"Not found","errors":[]}',
        ],
        [`GET http://be/transactions/${H}`]: [404, '{"message":"Not found","errors":[]}'],
      },
      calls,
    );
    expect(await c.getPendingTransaction('UP', H)).toBeNull();
    expect(await c.getExplorerTransaction('UP', H)).toBeNull();
    expect(await c.getExplorerTransaction('DAG', H)).toBeNull();
    expect(calls).toHaveLength(3);
  });

  it('reads every holder from the combined snapshot', async () => {
    const c = clientWith({
      'GET http://up-l0/snapshots/latest/combined': [
        200,
        `[{"value":{"ordinal":12},"proofs":[]},{"balances":{"${ADDR}":9007199254740993},"lastTxRefs":{"${ADDR}":{"ordinal":3,"hash":"${H}"}}}]`,
      ],
    });
    const combined = await c.getLatestCombined('UP');
    expect(combined.ordinal).toBe(12n);
    expect(combined.balances.get(ADDR)).toBe(9007199254740993n);
    expect(combined.lastTxRefs.get(ADDR)).toEqual({ ordinal: 3n, hash: H });
  });
});
