import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../support/test-app.ts';

// Issue 42: an unknown path under a twin answers that service's own 404, never the web app.
let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp({}, { sandbox: true });
});
afterAll(() => t.close());

const NODES = ['dag-l0', 'dag-l1', 'up-l0', 'up-l1', 'dor-l0', 'dor-l1'];
const base = '/sandbox/constellation';

describe('unknown paths under the Constellation twin', () => {
  it.each(NODES)("%s answers http4s's text 404, as a tessellation node does", async (node) => {
    for (const path of ['/no-such-route', '/transaction', '/cluster/infos']) {
      const res = await t.app.request(`${base}/${node}${path}`);
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toBe('text/plain; charset=UTF-8');
      expect(await res.text()).toBe('Not found');
    }
    const post = await t.app.request(`${base}/${node}/no-such-route`, { method: 'POST' });
    expect(post.status).toBe(404);
  });

  it.each(NODES)('%s serves GET /cluster/info (PeerInfo set)', async (node) => {
    const res = await t.app.request(`${base}/${node}/cluster/info`);
    expect(res.status).toBe(200);
    const [peer] = await res.json();
    expect(Object.keys(peer).sort()).toEqual(
      ['clusterSession', 'id', 'ip', 'jar', 'p2pPort', 'publicPort', 'session', 'state'].sort(),
    );
    expect(peer.state).toBe('Ready');
  });

  it('the DAG L1 has no estimate-fee (a currency L1 route): its plain 404', async () => {
    const res = await t.app.request(`${base}/dag-l1/transactions/estimate-fee`, {
      method: 'POST',
      body: '{}',
    });
    expect(res.status).toBe(404);
    expect(await res.text()).toBe('Not found');
    const up = await t.app.request(`${base}/up-l1/transactions/estimate-fee`, {
      method: 'POST',
      body: '{}',
    });
    expect(up.status).toBe(400); // the route exists: a bad body is the node's 400
  });

  it('a missing snapshot is an empty 404 (SnapshotRoutes NotFound())', async () => {
    const res = await t.app.request(`${base}/dag-l0/global-snapshots/999999999999`);
    expect(res.status).toBe(404);
    expect(await res.text()).toBe('');
  });

  it('the block explorer answers {"message":"Not found","errors":[]}', async () => {
    for (const path of ['/nope', '/currency/not-a-metagraph/nope', '/addresses/x/y/z']) {
      const res = await t.app.request(`${base}/be${path}`);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ message: 'Not found', errors: [] });
    }
  });

  it("anything else under the twin is the sandbox's JSON 404", async () => {
    const res = await t.app.request(`${base}/dag-l2/transactions`);
    expect(res.status).toBe(404);
    expect((await res.json()).error.code).toBe('not_found');
  });

  it("a non-twin unknown path still reaches the web app's page route", async () => {
    const res = await t.app.request('/no-such-page');
    // Built: the SPA shell (200 HTML); not built: the page route says so (503). Never a twin's.
    expect([200, 503]).toContain(res.status);
    expect(await res.text()).not.toBe('Not found');
  });
});
