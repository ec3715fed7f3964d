import type { Context } from 'hono';
import type { XEnv } from '../context.ts';
import { ID_PATTERN } from '../ids.ts';
import { type InvalidParameter, invalidRequest, problem } from '../problems.ts';
import { type EngagementKind, listEngagers } from '../store/engagements.ts';
import { findUsersByIds } from '../store/users.ts';
import { USER_QUERY } from './fields.ts';
import { patternError, readSelection } from './query.ts';
import { renderUsers } from './render-user.ts';

/** Page tokens of the engager lists: `e` + the offset in base 36 (opaque to callers). */
const encode = (offset: number) => `e${offset.toString(36)}`;
const decode = (token: string) =>
  /^e[0-9a-z]{1,8}$/.test(token) ? Number.parseInt(token.slice(1), 36) : null;

/**
 * GET /2/tweets/:id/liking_users and /retweeted_by (OpenAPI v2.167): the accounts, most recent
 * first, `max_results` 1–100 (default 100), `pagination_token` from `meta.next_token`; a post with
 * none (or unknown) answers `{"meta":{"result_count":0}}`.
 */
export async function listPostEngagers(env: XEnv, c: Context, kind: EngagementKind) {
  const q = c.req.query();
  const id = c.req.param('id') ?? '';
  const { selection, errors } = readSelection(q, USER_QUERY, ['max_results', 'pagination_token']);
  if (!ID_PATTERN.test(id)) errors.push(patternError('id', id, ID_PATTERN));
  const size = q.max_results === undefined ? 100 : Number(q.max_results);
  if (!Number.isInteger(size) || size < 1 || size > 100)
    errors.push({
      parameters: { max_results: [String(q.max_results)] },
      message: `The \`max_results\` query parameter value [${q.max_results}] is not between 1 and 100`,
    } satisfies InvalidParameter);
  const offset = q.pagination_token === undefined ? 0 : decode(q.pagination_token);
  if (offset === null)
    errors.push({
      parameters: { pagination_token: [q.pagination_token!] },
      message: `The \`pagination_token\` query parameter value [${q.pagination_token}] is not valid`,
    });
  if (errors.length || offset === null) return problem(c, 400, invalidRequest(errors));
  const rows = await listEngagers(env.db, { postId: BigInt(id), kind, size, offset });
  const page = rows.slice(0, size);
  if (page.length === 0) return c.json({ meta: { result_count: 0 } });
  const users = new Map(
    (
      await findUsersByIds(
        env.db,
        page.map((r) => r.userId),
      )
    ).map((u) => [u.id, u]),
  );
  const ordered = page.flatMap((r) => (users.has(r.userId) ? [users.get(r.userId)!] : []));
  return c.json({
    data: await renderUsers(env, ordered, selection.userFields),
    meta: {
      result_count: ordered.length,
      ...(rows.length > size ? { next_token: encode(offset + size) } : {}),
      ...(offset > 0 ? { previous_token: encode(Math.max(0, offset - size)) } : {}),
    },
  });
}
