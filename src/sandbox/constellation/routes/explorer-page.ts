import { and, desc, eq, lt, or, type SQL } from 'drizzle-orm';
import type { Context } from 'hono';
import type { Db } from '@/db/client.ts';
import { constellationTransactions as accepted } from '../../db/schema/constellation.ts';
import { explorerTransactionView } from '../views.ts';
import { bigJson, explorerError } from './respond.ts';

const PAGE_MAX = 10_000;

/**
 * One page of accepted transactions matching `where`, newest first (receivedAt desc, hash desc),
 * `?limit=` (default 10) and `?next=` as the block explorer pages them: `{data, meta: {next?}}`.
 * `empty` answers instead when the first page is empty (e.g. 404 for an unknown snapshot).
 */
export async function explorerPage(
  c: Context,
  db: Db,
  token: string,
  where: SQL | undefined,
  empty?: () => Promise<Response | null>,
) {
  const limit = Number(c.req.query('limit') ?? 10);
  if (!Number.isInteger(limit) || limit < 1) return explorerError(c, 400, 'limit must be a number');
  const cursor = decodeCursor(c.req.query('next'));
  if (cursor === 'invalid') return explorerError(c, 400, 'Invalid next cursor');
  const rows = await db
    .select()
    .from(accepted)
    .where(and(eq(accepted.token, token), where, cursor ? before(cursor) : undefined))
    .orderBy(desc(accepted.receivedAt), desc(accepted.hash))
    .limit(Math.min(limit, PAGE_MAX) + 1);
  if (rows.length === 0 && !cursor && empty) {
    const answer = await empty();
    if (answer) return answer;
  }
  const page = rows.slice(0, Math.min(limit, PAGE_MAX));
  const last = page.at(-1);
  const next = rows.length > page.length && last ? encodeCursor(last) : undefined;
  return bigJson(c, { data: page.map(explorerTransactionView), meta: next ? { next } : {} });
}

/** Rows strictly after the cursor in (receivedAt desc, hash desc) order. */
const before = (c: Cursor) =>
  or(lt(accepted.receivedAt, c.at), and(eq(accepted.receivedAt, c.at), lt(accepted.hash, c.hash)));

interface Cursor {
  at: Date;
  hash: string;
}

/** `meta.next`: an opaque base64 JSON cursor, like the real explorer's. */
const encodeCursor = (row: { receivedAt: Date; hash: string }) =>
  Buffer.from(JSON.stringify({ at: row.receivedAt.toISOString(), hash: row.hash })).toString(
    'base64url',
  );
function decodeCursor(raw: string | undefined): Cursor | null | 'invalid' {
  if (!raw) return null;
  try {
    const json = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
    const at = new Date(json.at);
    if (Number.isNaN(at.getTime()) || typeof json.hash !== 'string') return 'invalid';
    return { at, hash: json.hash };
  } catch {
    return 'invalid';
  }
}
