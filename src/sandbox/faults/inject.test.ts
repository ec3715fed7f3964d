import { Hono } from 'hono';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Database, openDatabase } from '@/db/client.ts';
import type { SetTimer } from '@/shared/loop.ts';
import { heldFor, manualTimers } from '../../../tests/support/manual-timers.ts';
import { migrateSandbox } from '../db/migrate.ts';
import { CONNECTION_DROPPED } from './inject.ts';
import { installFaults } from './routes.ts';

let database: Database;
let app: Hono;
const BASE = '/sandbox/twin';

/** A twin with two routes behind the shared fault switch, mounted where the sandbox mounts it. */
function twin(service: string, setTimer?: SetTimer) {
  const inner = new Hono();
  installFaults(inner, { db: database.db, service, basePath: BASE, setTimer });
  inner.get('/v1/things', (c) => c.json({ things: [] }));
  inner.post('/v1/things', (c) => c.json({ made: true }, 201));
  return new Hono().route(BASE, inner);
}
const inject = (body: unknown, on = app) =>
  on.request(`${BASE}/_admin/faults`, { method: 'POST', body: JSON.stringify(body) });
const things = (init: RequestInit = {}) => app.request(`${BASE}/v1/things`, init);

beforeAll(async () => {
  database = await openDatabase({ dataDir: 'memory://' });
  await migrateSandbox(database);
  app = twin('twin');
}, 120_000);
afterAll(() => database.close());
afterEach(() => vi.useRealTimers());
beforeEach(async () => {
  await app.request(`${BASE}/_admin/faults`, { method: 'DELETE' });
});

describe('the shared fault switch', () => {
  it('answers a status for `count` matching requests, with or without the mount in the path', async () => {
    expect((await inject({ path: `${BASE}/v1/*`, status: 503, count: 2 })).status).toBe(201);
    expect((await things()).status).toBe(503);
    expect(await (await things()).json()).toMatchObject({ error: { code: 'injected_fault' } });
    expect((await things()).status).toBe(200);
  });

  it('matches the method: a POST fault leaves GETs alone', async () => {
    await inject({ path: '/v1/things', method: 'POST', status: 500, count: 1 });
    expect((await things()).status).toBe(200);
    expect((await things({ method: 'POST' })).status).toBe(500);
  });

  it('lasts durationMs of real time when no count is given, then the twin answers again', async () => {
    vi.useFakeTimers({ toFake: ['Date'] }); // the fault's expiry is read off Date (decision 0072)
    await inject({ path: '*', status: 502, durationMs: 300 });
    for (let i = 0; i < 3; i++) expect((await things()).status).toBe(502);
    vi.setSystemTime(Date.now() + 350);
    expect((await things()).status).toBe(200);
    expect(await (await app.request(`${BASE}/_admin/faults`)).json()).toEqual({ faults: [] });
  });

  it('delays a request on the twin timers, then handles it as usual', async () => {
    const timers = manualTimers();
    const slow = twin('twin', timers.setTimer);
    await inject({ path: '/v1/things', delayMs: 200 });
    const call = Promise.resolve(slow.request(`${BASE}/v1/things`));
    const answer = await heldFor(timers, call, 200, 'the delay waits on the twin timer');
    expect(answer.status).toBe(200);
  });

  it('resets: the in-process caller sees its request fail, not an answer', async () => {
    await inject({ path: '/v1/things', reset: true });
    await expect(Promise.resolve(things())).rejects.toBe(CONNECTION_DROPPED);
    expect((await things()).status).toBe(200);
  });

  it('times out: holds until the client gives up, then drops the connection', async () => {
    await inject({ path: '/v1/things', method: 'POST', timeoutMs: 60_000 });
    const started = Date.now();
    const call = things({ method: 'POST', signal: AbortSignal.timeout(200) });
    await expect(Promise.resolve(call)).rejects.toBe(CONNECTION_DROPPED);
    expect(Date.now() - started).toBeLessThan(30_000);
  });

  it('afterHandling: the work is done, the answer is lost', async () => {
    let made = 0;
    const inner = new Hono();
    installFaults(inner, { db: database.db, service: 'after', basePath: BASE });
    inner.post('/v1/things', (c) => {
      made++;
      return c.json({ made }, 201);
    });
    const after = new Hono().route(BASE, inner);
    await inject({ path: '/v1/things', reset: true, afterHandling: true }, after);
    const call = after.request(`${BASE}/v1/things`, { method: 'POST' });
    await expect(Promise.resolve(call)).rejects.toBe(CONNECTION_DROPPED);
    expect(made).toBe(1);
    expect(
      (await inject({ path: '/v1/things', status: 500, afterHandling: true }, after)).status,
    ).toBe(400);
  });

  it('times out after timeoutMs when the client never gives up', async () => {
    await inject({ path: '/v1/things', timeoutMs: 150 });
    await expect(Promise.resolve(things())).rejects.toBe(CONNECTION_DROPPED);
  });

  it("keeps each twin's faults its own, and never faults its own admin", async () => {
    const other = twin('other');
    await inject({ path: '*', status: 500, count: 5 }, other);
    expect((await things()).status).toBe(200);
    const listed = await (await other.request(`${BASE}/_admin/faults`)).json();
    expect(listed.faults).toHaveLength(1);
    expect(listed.faults[0]).toMatchObject({ path: '*', status: 500, count: 5 });
    await other.request(`${BASE}/_admin/faults`, { method: 'DELETE' });
  });

  it('refuses a fault that does nothing, and network faults on other twins', async () => {
    expect((await inject({ path: '/v1/things' })).status).toBe(400);
    expect((await inject({ path: '/v1/things', status: 200 })).status).toBe(400);
    const stall = await inject({ kind: 'stallSnapshots', durationMs: 1000 });
    expect(stall.status).toBe(400);
    expect((await stall.json()).error.message).toContain('Constellation');
  });
});
