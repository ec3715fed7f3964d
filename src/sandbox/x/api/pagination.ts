import type { InvalidParameter } from '../problems.ts';

/**
 * Opaque page tokens, like X's lowercase alphanumerics: `n…` continues after (older than) an id,
 * `p…` goes back before (newer than) an id. Both carry the id in base 36.
 */
export type PageCursor = { direction: 'next' | 'previous'; id: bigint };

export function encodeCursor(c: PageCursor): string {
  return `${c.direction === 'next' ? 'n' : 'p'}${c.id.toString(36)}`;
}

export function decodeCursor(token: string): PageCursor | null {
  const m = /^([np])([0-9a-z]{1,13})$/.exec(token);
  if (!m) return null;
  let id = 0n;
  for (const ch of m[2]!) id = id * 36n + BigInt(Number.parseInt(ch, 36));
  return { direction: m[1] === 'n' ? 'next' : 'previous', id };
}

/**
 * One page out of ids sorted newest first. A `previous` cursor takes the `size` ids just
 * newer than its id, so paging back and forth returns the same pages.
 */
export function slicePage(ids: bigint[], size: number, cursor: PageCursor | null) {
  let start = 0;
  if (cursor?.direction === 'next') start = ids.findIndex((id) => id < cursor.id);
  if (cursor?.direction === 'previous') {
    const firstOlderOrSame = ids.findIndex((id) => id <= cursor.id);
    const end = firstOlderOrSame < 0 ? ids.length : firstOlderOrSame;
    start = Math.max(0, end - size);
  }
  if (start < 0) return { page: [], hasOlder: false, hasNewer: ids.length > 0 };
  const page = ids.slice(start, start + size);
  return { page, hasOlder: start + size < ids.length, hasNewer: start > 0 };
}

/**
 * Reads `max_results` (5–100, default 10) and `pagination_token` as X validates them on its
 * timelines, adding an invalid-request entry to `errors` for each bad value.
 */
export function readPaging(
  q: Record<string, string | undefined>,
  errors: InvalidParameter[],
): { size: number; cursor: PageCursor | null } {
  const size = q.max_results === undefined ? 10 : Number(q.max_results);
  if (!Number.isInteger(size) || size < 5 || size > 100) {
    errors.push({
      parameters: { max_results: [q.max_results ?? ''] },
      message: `The \`max_results\` query parameter value [${q.max_results}] is not between 5 and 100`,
    });
  }
  const cursor = q.pagination_token === undefined ? null : decodeCursor(q.pagination_token);
  if (q.pagination_token !== undefined && !cursor) {
    errors.push({
      parameters: { pagination_token: [q.pagination_token] },
      message: `The \`pagination_token\` query parameter value [${q.pagination_token}] is not valid`,
    });
  }
  return { size, cursor };
}
