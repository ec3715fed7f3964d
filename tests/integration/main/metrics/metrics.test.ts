import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodeListener } from '@/api/site/node-listener.ts';
import type { StaticSite } from '@/api/site/static-site.ts';
import { provisionSystemWallets } from '@/core/wallets/index.ts';
import { drainJobs, enqueueJob } from '@/db/queue/index.ts';
import { logIds } from '@/main/metrics/log-context.ts';
import { type AgentEnv, startAgentEnv } from '../../../support/agent-env.ts';
import { createTestApp } from '../../../support/test-app.ts';

/**
 * GET /metrics: every family an operator watches, after a request, an agent send
 * (mention → transfer → confirmation → reply) and a durable job; the bearer token; a 404 where
 * no token is configured, also on the server's fast path that would answer the SPA's page.
 */
const TOKEN = 'metrics-test-token-0123456789';

const FAMILIES: Record<string, string> = {
  upsider_http_requests_total: 'counter',
  upsider_http_request_duration_seconds: 'histogram',
  upsider_queue_depth: 'gauge',
  upsider_queue_oldest_job_age_seconds: 'gauge',
  upsider_agent_reply_lag_seconds: 'histogram',
  upsider_x_read_budget_remaining: 'gauge',
  upsider_x_read_budget_limit: 'gauge',
  upsider_transfers: 'gauge',
  upsider_transfer_oldest_open_age_seconds: 'gauge',
  upsider_transfer_time_to_confirmed_seconds: 'histogram',
  upsider_snapshot_lag_seconds: 'gauge',
  upsider_indexer_lag_seconds: 'gauge',
  upsider_indexer_failing_seconds: 'gauge',
  upsider_llm_request_duration_seconds: 'histogram',
  upsider_video_render_duration_seconds: 'histogram',
  upsider_job_duration_seconds: 'histogram',
  process_resident_memory_bytes: 'gauge',
  nodejs_heap_size_used_bytes: 'gauge',
  nodejs_eventloop_lag_seconds: 'gauge',
  nodejs_eventloop_lag_p99_seconds: 'gauge',
};

/** Samples of `name` as label text → value. */
function samples(text: string, name: string) {
  const out = new Map<string, number>();
  for (const line of text.split('\n')) {
    const m = /^([a-z_]+)(\{[^}]*\})? (\S+)$/.exec(line);
    if (m && m[1] === name) out.set(m[2] ?? '', Number(m[3]));
  }
  return out;
}

let t: AgentEnv;
let scraped: string;
let sendPostId: string;
let jobIds: Record<string, string> = {};
let receiptRes: Response;

beforeAll(async () => {
  t = await startAgentEnv({ env: { METRICS_TOKEN: TOKEN } });
  await provisionSystemWallets(t.deps);
  await t.user('alice');
  await t.user('bob');
  await t.fund(await t.walletAddressOf('alice'), 'UP', '50');
  sendPostId = (await t.post('alice', '@UpsiderAgent send 5 UP to @bob')).id;
  await t.drain();
  await t.settle();
  expect((await t.replyTexts(sendPostId))[0]).toMatch(/^Sent 5\.00 UP to bob/);

  receiptRes = await t.app.request(`${t.config.publicUrl}/api/receipts/${sendPostId}`, {
    headers: { 'x-request-id': 'req-from-proxy-42' },
  });
  await enqueueJob(t.database.db, { kind: 'metrics-test', key: 'm1', payload: { postId: 'p-7' } });
  await enqueueJob(t.database.db, {
    kind: 'metrics-later',
    key: 'm2',
    payload: {},
    runAt: new Date(Date.now() + 3_600_000),
  });
  await drainJobs(t.database.db, {
    workerId: 'metrics-test',
    now: () => new Date(),
    handlers: {
      'metrics-test': async () => {
        jobIds = logIds();
        return { ok: true };
      },
    },
  });
  // The Constellation holder indexer has read a snapshot taken 30 s ago.
  await t.deps.holders.publish(
    'constellation',
    {
      walletCount: 0,
      wallets: [],
      asOf: {
        network: 'constellation',
        position: '5',
        time: new Date(Date.now() - 30_000).toISOString(),
      },
    },
    new Date(),
  );
  const res = await t.app.request(`${t.config.publicUrl}/metrics`, {
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  scraped = await res.text();
}, 60_000);
afterAll(() => t?.close());

describe('GET /metrics with METRICS_TOKEN', () => {
  it('exposes every family with its type', () => {
    const types = Object.fromEntries(
      [...scraped.matchAll(/^# TYPE (\S+) (\S+)$/gm)].map((m) => [m[1], m[2]]),
    );
    for (const [name, type] of Object.entries(FAMILIES))
      expect([name, types[name]]).toEqual([name, type]);
  });

  it('labels requests by route pattern, never by the URL', () => {
    const routes = [...samples(scraped, 'upsider_http_requests_total').keys()];
    expect(routes.some((l) => l.includes('route="/api/receipts/:id",'))).toBe(true);
    expect(scraped).not.toContain(sendPostId);
    expect(receiptRes.headers.get('x-request-id')).toBe('req-from-proxy-42');
  });

  it('counts what happened: the agent reply, the confirmed transfer, the job', () => {
    const lag = samples(scraped, 'upsider_agent_reply_lag_seconds_count');
    expect(lag.get('')).toBeGreaterThanOrEqual(2);
    const confirmed = samples(scraped, 'upsider_transfer_time_to_confirmed_seconds_count');
    expect(confirmed.get('{token="UP"}')).toBeGreaterThanOrEqual(1);
    expect(samples(scraped, 'upsider_transfers').get('{state="confirmed"}')).toBeGreaterThanOrEqual(
      1,
    );
    expect(samples(scraped, 'upsider_snapshot_lag_seconds').has('{token="UP"}')).toBe(true);
    const job = samples(scraped, 'upsider_job_duration_seconds_count');
    expect(job.get('{queue="jobs",kind="metrics-test",outcome="done"}')).toBe(1);
    expect(samples(scraped, 'upsider_job_duration_seconds_count').size).toBeGreaterThan(1);
  });

  it('reads queue depth (a job not yet due counts, but has no age) and the read budget', () => {
    expect(samples(scraped, 'upsider_queue_depth').get('{queue="jobs:metrics-later"}')).toBe(1);
    expect(
      samples(scraped, 'upsider_queue_oldest_job_age_seconds').get('{queue="jobs:metrics-later"}'),
    ).toBe(0);
    expect(samples(scraped, 'upsider_queue_depth').get('{queue="agent_inbox"}')).toBe(0);
    expect(
      samples(scraped, 'upsider_x_read_budget_remaining').get('{endpoint="mentions"}'),
    ).toBeGreaterThan(0);
  });

  it('reads indexer lag per network from the holder indexers', () => {
    const lag = samples(scraped, 'upsider_indexer_lag_seconds').get('{network="constellation"}');
    expect(lag).toBeGreaterThanOrEqual(30);
    expect(lag).toBeLessThan(120);
    expect(
      samples(scraped, 'upsider_indexer_failing_seconds').get('{network="constellation"}'),
    ).toBe(0);
  });

  it("binds the job's id and post to its log lines", () => {
    expect(jobIds).toMatchObject({ jobKind: 'metrics-test', postId: 'p-7' });
    expect(jobIds.jobId).toMatch(/^\d+$/);
  });

  it('answers 401 without the token or with another', async () => {
    const none = await t.app.request(`${t.config.publicUrl}/metrics`);
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toMatch(/^Bearer/);
    const wrong = await t.app.request(`${t.config.publicUrl}/metrics`, {
      headers: { authorization: `Bearer ${TOKEN}x` },
    });
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).not.toContain('upsider_');
  });
});

describe('GET /metrics without METRICS_TOKEN', () => {
  let server: Server | undefined;
  afterAll(() => new Promise<void>((r) => (server ? server.close(() => r()) : r())));

  it('is a 404, also where the server answers pages from memory', async () => {
    const plain = await createTestApp();
    try {
      const res = await plain.app.request('/metrics');
      expect(res.status).toBe(404);
      // The server's listener answers every other path from the site: /metrics goes to the app.
      const site = {
        respond: () => ({ status: 200, headers: { 'content-type': 'text/html' }, body: 'page' }),
      } as unknown as StaticSite;
      server = createServer(createNodeListener((req) => plain.app.fetch(req), site));
      await new Promise<void>((r) => server!.listen(0, '127.0.0.1', () => r()));
      const { port } = server.address() as { port: number };
      const viaServer = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(viaServer.status).toBe(404);
      expect((await viaServer.json()).error.code).toBe('not_found');
      expect((await fetch(`http://127.0.0.1:${port}/other`)).status).toBe(200);
    } finally {
      await plain.close();
    }
  });
});
