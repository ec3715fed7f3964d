import { type Context, Hono } from 'hono';
import type { Db } from '@/db/client.ts';
import { runBatchRound } from './batching.ts';
import { checkSubmission } from './check-submission.ts';
import { SANDBOX_EVIDENCE } from './keys.ts';
import { searchRoutes } from './search-routes.ts';
import {
  batchView,
  fingerprintView,
  proofView,
  type Shape,
  statsView,
  summaryView,
} from './shape-views.ts';
import {
  batchLeaves,
  findBatch,
  findFingerprint,
  latestFingerprints,
  stats,
  storeFingerprint,
} from './store.ts';

const STATUSES = ['UNASSIGNED', 'ASSIGNED', 'FINALIZED_COMMITMENT', 'ERRORED_COMMITMENT'];
const fail = (c: Context, status: 400 | 401 | 404, message: string) =>
  c.json({ errors: [{ message }], message }, status);

/** `/v1/…` of the Digital Evidence API (integrations.md §6), backed by the sandbox tables. */
export function evidenceRoutes(p: { db: Db; now: () => Date; shape: Shape }) {
  const { db } = p;
  const app = new Hono();

  const receive = async (c: Context, store: boolean) => {
    if (c.req.header('x-api-key') !== SANDBOX_EVIDENCE.apiKey) {
      return fail(c, 401, 'Invalid or missing API key');
    }
    const body = await c.req.json().catch(() => null);
    if (!Array.isArray(body) || body.length === 0 || body.length > 100) {
      return fail(c, 400, 'Body must be an array of 1 to 100 fingerprint submissions');
    }
    const results = [];
    for (const raw of body) {
      const checked = checkSubmission(raw, SANDBOX_EVIDENCE);
      if (!checked.ok) {
        results.push({ ...checked, accepted: false, ok: undefined });
        continue;
      }
      const eventId = checked.submission.attestation.content.eventId;
      const errors = store
        ? await storeFingerprint(db, checked.submission, checked.hash, p.now())
        : [];
      results.push({ eventId, hash: checked.hash, accepted: errors.length === 0, errors });
    }
    // The MCP shape names each stored fingerprint {hash, id, status} and has no refusal per item.
    if (store && p.shape === 'mcp') {
      const refused = results.flatMap((r) => r.errors);
      if (refused.length) return fail(c, 400, refused.join('; '));
      return c.json(results.map((r) => ({ hash: r.hash, id: r.eventId, status: 'UNASSIGNED' })));
    }
    return c.json(
      results.map(({ eventId, hash, accepted, errors }) => ({ eventId, hash, accepted, errors })),
    );
  };
  app.post('/v1/fingerprints', (c) => receive(c, true));
  app.post('/v1/fingerprints/validate', (c) => receive(c, false));

  app.get('/v1/fingerprints/latest', async (c) => {
    const limit = Number(c.req.query('limit') ?? 10);
    const status = c.req.query('status');
    if (!Number.isInteger(limit) || limit < 1 || limit > 500)
      return fail(c, 400, 'limit must be 1 to 500');
    if (status && !STATUSES.includes(status)) return fail(c, 400, 'unknown status');
    const rows = await latestFingerprints(db, limit, status);
    return c.json({ data: rows.map((row) => summaryView(p.shape, row)) });
  });
  app.get('/v1/fingerprints/stats', async (c) =>
    c.json({ data: statsView(p.shape, await stats(db, p.now())) }),
  );
  searchRoutes(app, db, p.shape);

  app.get('/v1/fingerprints/:hash', async (c) => {
    const row = await findFingerprint(db, c.req.param('hash'));
    if (!row) return fail(c, 404, 'Fingerprint not found');
    const batch = row.batchId ? await findBatch(db, row.batchId) : null;
    return c.json({ data: fingerprintView(p.shape, row, batch) });
  });
  app.get('/v1/fingerprints/:hash/proof', async (c) => {
    const row = await findFingerprint(db, c.req.param('hash'));
    if (!row) return fail(c, 404, 'Fingerprint not found');
    const batch = row.batchId ? await findBatch(db, row.batchId) : null;
    if (!batch || row.leafIndex === null) return fail(c, 404, 'Fingerprint not yet in a batch');
    const leaves = await batchLeaves(db, batch.batchId);
    return c.json({ data: proofView(p.shape, row.hash, batch, leaves, row.leafIndex) });
  });
  app.get('/v1/batches/:batchId', async (c) => {
    const b = await findBatch(db, c.req.param('batchId'));
    if (!b) return fail(c, 404, 'Batch not found');
    return c.json({ data: batchView(p.shape, b) });
  });
  // Tests and demos move batching along without waiting for the timer.
  app.post('/_admin/batch', async (c) =>
    c.json(
      await runBatchRound(db, { now: p.now(), batchPrivateKey: SANDBOX_EVIDENCE.batchPrivateKey }),
    ),
  );
  // Every other path: the vendor's error shape (packages/typescript/src/network/types.ts).
  app.notFound((c) => fail(c, 404, `No route ${c.req.method} ${new URL(c.req.url).pathname}`));
  return app;
}
