import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../support/test-app.ts';

/**
 * Every twin has the local X's fault switch (decision 0064): a product client, reaching the twin
 * in-process as in the default run, meets the injected fault and works again once it is cleared.
 */
let t: Awaited<ReturnType<typeof createTestApp>>;

const faults = (twin: string, init?: { method: string; body?: unknown }) =>
  t.app.request(`/sandbox/${twin}/_admin/faults`, {
    method: init?.method ?? 'GET',
    body: init?.body === undefined ? undefined : JSON.stringify(init.body),
  });
const inject = (twin: string, body: unknown) => faults(twin, { method: 'POST', body });
const clear = (twin: string) => faults(twin, { method: 'DELETE' });

beforeAll(async () => {
  t = await createTestApp({}, { sandbox: true });
}, 120_000);
afterAll(() => t?.close());

describe('every twin behind the fault switch', () => {
  it('GET /sandbox lists each twin’s faults URL', async () => {
    const index = await (
      await t.app.request('/sandbox', { headers: { accept: 'application/json' } })
    ).json();
    for (const name of ['x', 'constellation', 'polymarket', 'llm', 'market', 'evidence']) {
      expect(index.services[name].faultsUrl).toMatch(new RegExp(`/sandbox/${name}/_admin/faults$`));
    }
  });

  it('the market price feed down (reset), then back', async () => {
    expect((await inject('market', { path: '*', reset: true, count: 50 })).status).toBe(201);
    await expect(t.deps.market.getUpPrice()).rejects.toThrow();
    expect((await clear('market')).status).toBe(204);
    expect((await t.deps.market.getUpPrice()).usd).toBeGreaterThan(0);
  });

  it('Digital Evidence answering 500, then back', async () => {
    await inject('evidence', { path: '/v1/*', status: 500, durationMs: 60_000 });
    const evidence = t.deps.evidence;
    if (!evidence) throw new Error('the sandbox configures Digital Evidence');
    await expect(evidence.stats()).rejects.toThrow();
    await clear('evidence');
    await expect(evidence.stats()).resolves.toBeDefined();
  });

  it('Polymarket answering 500, then back', async () => {
    const polymarket = t.deps.polymarket;
    if (!polymarket) throw new Error('the sandbox configures Polymarket');
    await inject('polymarket', { path: '/data/*', status: 500, count: 20 });
    await expect(polymarket.positions()).rejects.toThrow();
    await clear('polymarket');
    await expect(polymarket.positions()).resolves.toBeInstanceOf(Array);
  });

  it('the LLM timing out: the request is held until the client gives up, then fails', async () => {
    const llm = t.deps.llm;
    if (!llm) throw new Error('the sandbox configures the LLM');
    await inject('llm', { path: '/v1/models', timeoutMs: 300, count: 1 });
    await expect(llm.listModels()).rejects.toThrow();
    expect((await llm.listModels()).length).toBeGreaterThan(0);
  });

  it('Constellation L1 refusing connections for a while, then back', async () => {
    const faucet = (await (await faults('constellation')).json()) as { faults: unknown[] };
    expect(faucet.faults).toEqual([]);
    const address = 'DAG0y4eLqhhXUafeE3mgBstezPTnr8L3tZjAtMWB';
    await inject('constellation', { path: '/up-l1/*', reset: true, durationMs: 60_000 });
    await expect(t.deps.constellation.getLastReference('UP', address)).rejects.toThrow();
    // L0 is another node: it still answers.
    await expect(t.deps.constellation.getLatestOrdinal('UP')).resolves.toBeTypeOf('bigint');
    await clear('constellation');
    await expect(t.deps.constellation.getLastReference('UP', address)).resolves.toBeDefined();
  });

  it('the explorer behind: it stops advancing while L0 goes on, then catches up', async () => {
    const snap = () => t.app.request('/sandbox/constellation/_admin/snapshot', { method: 'POST' });
    const explorerOrdinal = async () =>
      (await (await t.app.request('/sandbox/constellation/be/global-snapshots/latest')).json()).data
        .ordinal as number;
    await snap();
    await inject('constellation', { kind: 'explorerLag', durationMs: 60_000 });
    const frozen = await explorerOrdinal();
    await snap();
    expect(await explorerOrdinal()).toBe(frozen);
    expect(await t.deps.constellation.getLatestOrdinal('DAG')).toBeGreaterThan(BigInt(frozen));
    await clear('constellation');
    expect(await explorerOrdinal()).toBeGreaterThan(frozen);
  });
});
