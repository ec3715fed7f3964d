import { type AnyColumn, and, count, eq, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '@/db/client.ts';
import { evidenceRecords } from '@/db/schema/index.ts';
import { archiveTotal, type EvidenceRow } from './records.ts';

export const PAGE_SIZE = 20;

/** A hash prefix shorter than this matches too much to mean one record. */
export const MIN_HASH_PREFIX = 8;

/**
 * What a search means (trimmed; empty = everything): a 1–19 digit number is a post id; 8 to 64
 * hex characters start a fingerprint hash or content hash (the reply and the card show the first
 * ten and the last six: `e2a53ffac0…48a0ea` pasted as shown also matches); anything else an
 * author handle prefix ("@" optional, any case). A term that can be two of these (`12345678`,
 * `deadbeef` may be a handle) searches both. Each form is served by an index
 * (src/db/schema/evidence.ts), so an OR of them is a bitmap OR of index ranges.
 */
function searchFilter(search: string): SQL | undefined {
  const q = search.trim();
  if (!q) return undefined;
  const hash = hashFilter(q);
  if (/^[0-9]{1,19}$/.test(q)) return or(eq(evidenceRecords.tweetId, q), hash);
  const handle = q
    .replace(/^@/, '')
    .toLowerCase()
    .replace(/[\\%_]/g, (c) => `\\${c}`);
  const author = sql`lower(${evidenceRecords.authorUsername}) like ${`${handle}%`}`;
  return hash ? or(hash, author) : author;
}

const HASH_TERM = new RegExp(
  `^([0-9a-f]{${MIN_HASH_PREFIX},64})(?:(?:…|\\.\\.\\.)([0-9a-f]{1,56}))?$`,
  'i',
);

/** Hashes that start with the term's prefix (and end with its suffix, for a shortened hash). */
function hashFilter(q: string): SQL | undefined {
  const m = HASH_TERM.exec(q);
  if (!m) return undefined;
  const prefix = m[1]!.toLowerCase();
  const suffix = m[2]?.toLowerCase() ?? '';
  return or(
    startsWith(evidenceRecords.fingerprintHash, prefix, suffix),
    startsWith(evidenceRecords.contentHash, prefix, suffix),
  );
}

/**
 * A range on the plain b-tree of a lowercase hex column: every value that starts with `prefix`
 * lies in [prefix, prefix || 'g'), as 'g' sorts after every hex digit (C collation and the
 * language ones alike: digits before letters). `LIKE 'abcd%'` alone would need text_pattern_ops
 * or the C collation to use that index; the LIKE kept here only rechecks the few rows the range
 * found (and the suffix of a shortened hash).
 */
function startsWith(column: AnyColumn, prefix: string, suffix: string) {
  return sql`(${column} >= ${prefix} and ${column} < ${`${prefix}g`} and ${column} like ${`${prefix}%${suffix}`})`;
}

/** Cursor = the last entry's (createdAt, id): stable under inserts, one index range per page. */
export const encodeCursor = (row: Pick<EvidenceRow, 'createdAt' | 'id'>) =>
  Buffer.from(`${row.createdAt.toISOString()}|${row.id}`).toString('base64url');

function decodeCursor(cursor: string): { at: Date; id: string } | null {
  const [at, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const date = new Date(at ?? '');
  if (!id || Number.isNaN(date.getTime()) || !/^[0-9a-f-]{36}$/.test(id)) return null;
  return { at: date, id };
}

export class InvalidCursorError extends Error {
  readonly code = 'invalid_cursor';
}

/** The public archive, newest first: only fingerprints the API accepted. */
export async function listEvidence(
  db: Db,
  p: { search?: string; cursor?: string; limit?: number },
): Promise<{ total: number; rows: EvidenceRow[]; nextCursor: string | null }> {
  const limit = p.limit ?? PAGE_SIZE;
  const filter = and(eq(evidenceRecords.state, 'submitted'), searchFilter(p.search ?? ''));
  let page = filter;
  if (p.cursor) {
    const c = decodeCursor(p.cursor);
    if (!c) throw new InvalidCursorError('That page cursor is not valid');
    page = and(
      filter,
      sql`(${evidenceRecords.createdAt}, ${evidenceRecords.id}) < (${c.at.toISOString()}::timestamptz, ${c.id}::uuid)`,
    );
  }
  const search = searchFilter(p.search ?? '');
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(evidenceRecords)
      .where(page)
      // NULLS LAST as the indexes are declared (drizzle's .desc()): with PostgreSQL's default
      // (NULLS FIRST for DESC) the planner sorted the whole table, 500 ms at 1M rows.
      .orderBy(
        sql`${evidenceRecords.createdAt} desc nulls last`,
        sql`${evidenceRecords.id} desc nulls last`,
      )
      .limit(limit + 1),
    // The whole archive's size is kept as a counter; a search's is counted (index ranges).
    search
      ? db
          .select({ n: count() })
          .from(evidenceRecords)
          .where(filter)
          .then(([r]) => Number(r?.n ?? 0))
      : archiveTotal(db),
  ]);
  const more = rows.length > limit;
  const shown = rows.slice(0, limit);
  return {
    total,
    rows: shown,
    nextCursor: more ? encodeCursor(shown[shown.length - 1]!) : null,
  };
}

export async function getEvidence(db: Db, tweetId: string): Promise<EvidenceRow | null> {
  const [row] = await db
    .select()
    .from(evidenceRecords)
    .where(and(eq(evidenceRecords.tweetId, tweetId), eq(evidenceRecords.state, 'submitted')));
  return row ?? null;
}
