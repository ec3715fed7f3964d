import { and, asc, eq, type SQL } from 'drizzle-orm';
import type { Context, Hono } from 'hono';
import type { Db } from '@/db/client.ts';
import { evidenceFingerprints as fps } from '../db/schema/evidence.ts';
import { SANDBOX_EVIDENCE } from './keys.ts';
import { type Shape, summaryView } from './shape-views.ts';
import { findBatch } from './store.ts';

const fail = (c: Context, status: 400 | 401 | 404, message: string) =>
  c.json({ errors: [{ message }], message }, status);

/**
 * `GET /v1/fingerprints` (search; API key; the SDK's `FingerprintSearchParams` as snake_case
 * query, paginated `{data, pagination:{cursor, hasMore}}`) and `GET /v1/batches/{id}/fingerprints`
 * (public, as the MCP server's getBatchFingerprints calls it). The cursor is an offset here.
 */
export function searchRoutes(app: Hono, db: Db, shape: Shape) {
  const summary = (row: typeof fps.$inferSelect) => summaryView(shape, row);
  app.get('/v1/fingerprints', async (c) => {
    if (c.req.header('x-api-key') !== SANDBOX_EVIDENCE.apiKey) {
      return fail(c, 401, 'Invalid or missing API key');
    }
    const limit = Number(c.req.query('limit') ?? 50);
    const offset = Number(c.req.query('cursor') ?? 0);
    if (!Number.isInteger(limit) || limit < 1 || limit > 500)
      return fail(c, 400, 'limit must be 1 to 500');
    if (!Number.isInteger(offset) || offset < 0) return fail(c, 400, 'invalid cursor');
    const where: SQL[] = [eq(fps.orgId, SANDBOX_EVIDENCE.orgId)];
    const byColumn = {
      document_id: fps.documentId,
      event_id: fps.eventId,
      document_ref: fps.documentRef,
    };
    for (const [param, column] of Object.entries(byColumn)) {
      const v = c.req.query(param);
      if (v) where.push(eq(column, v));
    }
    const rows = await db
      .select()
      .from(fps)
      .where(and(...where))
      .orderBy(asc(fps.createdAt), asc(fps.hash))
      .limit(limit + 1)
      .offset(offset);
    const hasMore = rows.length > limit;
    return c.json({
      data: rows.slice(0, limit).map(summary),
      pagination: { cursor: hasMore ? String(offset + limit) : undefined, hasMore },
    });
  });

  app.get('/v1/batches/:batchId/fingerprints', async (c) => {
    const batch = await findBatch(db, c.req.param('batchId'));
    if (!batch) return fail(c, 404, 'Batch not found');
    const rows = await db
      .select()
      .from(fps)
      .where(eq(fps.batchId, batch.batchId))
      .orderBy(asc(fps.leafIndex));
    return c.json({ data: rows.map(summary) });
  });
}
