import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../support/test-app.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp({}, { sandbox: true });
});
afterAll(() => t.close());

describe('Constellation sandbox mounted in the product', () => {
  it('is listed at /sandbox with its node URLs', async () => {
    const index = await (await t.app.request('/sandbox')).json();
    const sim = index.services.constellation;
    expect(sim.upL1).toBe(`${t.deps.config.publicUrl}/sandbox/constellation/up-l1`);
    expect(sim.metagraphIds.UP).toBe(t.deps.config.constellation.UP?.metagraphId);
    expect(sim.snapshotIntervalMs).toBe(2000);
  });

  it("is what the product's own client (deps.constellation) talks to", async () => {
    const combined = await t.deps.constellation.getLatestCombined('UP');
    const sum = [...combined.balances.values()].reduce((a, b) => a + b, 0n);
    expect(sum).toBe(99_318_100_600_000_000n);
    const res = await t.app.request('/sandbox/constellation/_admin/faucet', {
      method: 'POST',
      body: JSON.stringify({
        address: 'DAG0zJW14beJtZX2BY2KA9gLbpaZ8x6vgX4KVPVX',
        token: 'DAG',
        tokens: '2',
      }),
    });
    const { hash } = await res.json();
    expect((await t.deps.constellation.getPendingTransaction('DAG', hash))?.hash).toBe(hash);
  });
});
