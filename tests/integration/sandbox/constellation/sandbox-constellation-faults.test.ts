import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client.ts';
import { startConstellationSim } from '../../../support/constellation-sim.ts';
import { waitRealMs } from '../../../support/real-time.ts';
import { createTestDatabase } from '../../../support/test-db.ts';

/**
 * The local Constellation over real HTTP (the product's node:http transport, as a separate
 * deployment reaches it): a reset destroys the socket, and L0 can be made to stop snapshotting.
 */
let database: Database;
let net: Awaited<ReturnType<typeof startConstellationSim>>;
const ADDRESS = 'DAG0y4eLqhhXUafeE3mgBstezPTnr8L3tZjAtMWB';

const admin = (method: string, body?: unknown) =>
  fetch(`${net.base}/_admin/faults`, {
    method,
    body: body === undefined ? undefined : JSON.stringify(body),
  });

beforeAll(async () => {
  database = await createTestDatabase();
  net = await startConstellationSim(database, 100);
}, 120_000);
afterAll(async () => {
  await net?.close();
  await database?.close();
});

describe('Constellation faults over real HTTP', () => {
  it('a reset L1 drops the connection: the client fails with a network error, then recovers', async () => {
    expect((await admin('POST', { path: '/up-l1/*', reset: true, count: 100 })).status).toBe(201);
    const failed = await net.client.getLastReference('UP', ADDRESS).catch((e: Error) => e);
    expect(failed).toBeInstanceOf(Error);
    expect((failed as { retryable?: boolean }).retryable).toBe(true);
    expect((await admin('DELETE')).status).toBe(204);
    await expect(net.client.getLastReference('UP', ADDRESS)).resolves.toBeDefined();
  });

  it('stallSnapshots: L0 makes no snapshot while it lasts, then goes on by itself', async () => {
    await waitRealMs(300, 'server: the simulator makes snapshots on its own 100 ms timer');
    await admin('POST', { kind: 'stallSnapshots', durationMs: 1_500 });
    await waitRealMs(300, 'server: a snapshot already under way may still land');
    const stalled = await net.client.getLatestOrdinal('DAG');
    await waitRealMs(800, 'server: the stall is real time in the simulator');
    expect(await net.client.getLatestOrdinal('DAG')).toBe(stalled);
    await waitRealMs(1_500, 'server: the stall ends on the simulator’s own clock');
    expect(await net.client.getLatestOrdinal('DAG')).toBeGreaterThan(stalled);
  });
});
