import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '@/db/client.ts';
import { startConstellationSim } from '../../../support/constellation-sim.ts';
import { manualTimers } from '../../../support/manual-timers.ts';
import { createTestDatabase } from '../../../support/test-db.ts';

/**
 * The local Constellation over real HTTP (the product's node:http transport, as a separate
 * deployment reaches it): a reset destroys the socket, and L0 can be made to stop snapshotting.
 */
let database: Database;
let net: Awaited<ReturnType<typeof startConstellationSim>>;
const ADDRESS = 'DAG0y4eLqhhXUafeE3mgBstezPTnr8L3tZjAtMWB';
/** L0's own 100 ms snapshot loop runs on these timers, stepped by the test (decision 0072). */
const clock = manualTimers();

const admin = (method: string, body?: unknown) =>
  fetch(`${net.base}/_admin/faults`, {
    method,
    body: body === undefined ? undefined : JSON.stringify(body),
  });

beforeAll(async () => {
  database = await createTestDatabase();
  net = await startConstellationSim(database, 100, { clock });
}, 120_000);
afterEach(() => vi.useRealTimers());
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
    const latest = () => net.client.getLatestOrdinal('DAG');
    const first = await latest();
    await clock.advance(300);
    const moving = await latest();
    expect(moving).toBeGreaterThan(first); // the loop snapshots by itself, so a stall can show
    vi.useFakeTimers({ toFake: ['Date'] }); // the stall's end is read off Date (as faults/inject)
    await admin('POST', { kind: 'stallSnapshots', durationMs: 1_500 });
    // Each step awaits the snapshots it fires: none is under way when the stall begins.
    await clock.advance(800);
    expect(await latest()).toBe(moving);
    vi.setSystemTime(Date.now() + 1_600);
    await clock.advance(300);
    expect(await latest()).toBeGreaterThan(moving);
  });
});
