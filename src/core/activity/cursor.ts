import { DomainError } from '../errors.ts';

/**
 * A keyset cursor: the last row's (created_at, id). The time is PostgreSQL's own text form, with
 * its microseconds: a JavaScript Date keeps milliseconds only, and a cursor rounded to them
 * would skip the rows that share that millisecond.
 */
export type ActivityCursor = { at: string; id: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const PG_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2})?$/;

export const encodeCursor = (c: ActivityCursor) =>
  Buffer.from(`${c.at}|${c.id}`, 'utf8').toString('base64url');

export function decodeCursor(text: string): ActivityCursor {
  const [at, id] = Buffer.from(text, 'base64url').toString('utf8').split('|');
  if (!at || !id || !PG_TIME.test(at) || !UUID.test(id)) {
    throw new DomainError('invalid', 'invalid_cursor', 'This page link is not valid; start again.');
  }
  return { at, id };
}
