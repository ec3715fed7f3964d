import type { Context } from 'hono';
import { Hono } from 'hono';
import type { XEnv } from '../context.ts';
import { ID_PATTERN, USERNAME_PATTERN } from '../ids.ts';
import {
  invalidRequest,
  notFoundError,
  problem,
  suspendedError,
  UNAUTHORIZED,
} from '../problems.ts';
import { findUserById, findUserByUsername, type XUser } from '../store/users.ts';
import { type ApiVars, apiEndpoint } from './auth.ts';
import { USER_QUERY } from './fields.ts';
import { patternError, readSelection } from './query.ts';
import { renderUsers } from './render-user.ts';

const READ = ['tweet.read', 'users.read'];

/** GET /2/users/me, /2/users/by/username/:username, /2/users/:id */
export function userRoutes(env: XEnv) {
  const app = new Hono<ApiVars>();

  app.get('/me', apiEndpoint(env, { bucket: 'usersMe', scopes: READ }), async (c) => {
    const { selection, errors } = readSelection(c.req.query(), USER_QUERY);
    if (errors.length) return problem(c, 400, invalidRequest(errors));
    const caller = c.get('caller');
    const user = caller.kind === 'user' ? await findUserById(env.db, caller.userId) : undefined;
    if (!user) return problem(c, 401, UNAUTHORIZED);
    const [data] = await renderUsers(env, [user], selection.userFields);
    return c.json({ data });
  });

  const lookup = apiEndpoint(env, {
    bucket: 'usersLookup',
    appBucket: 'usersLookupApp',
    scopes: READ,
  });

  app.get('/by/username/:username', lookup, async (c) => {
    const username = c.req.param('username');
    const { selection, errors } = readSelection(c.req.query(), USER_QUERY);
    if (!USERNAME_PATTERN.test(username))
      errors.push(patternError('username', username, USERNAME_PATTERN));
    if (errors.length) return problem(c, 400, invalidRequest(errors));
    const user = await findUserByUsername(env.db, username);
    if (user?.suspendedAt) return c.json({ errors: [suspendedError('username', username)] });
    return answer(c, user, selection.userFields, () =>
      notFoundError({
        resourceType: 'user',
        parameter: 'username',
        value: username,
        detail: `Could not find user with username: [${username}].`,
      }),
    );
  });

  app.get('/:id{[^/]+}', lookup, async (c) => {
    const id = c.req.param('id');
    const { selection, errors } = readSelection(c.req.query(), USER_QUERY);
    if (!ID_PATTERN.test(id)) errors.push(patternError('id', id, ID_PATTERN));
    if (errors.length) return problem(c, 400, invalidRequest(errors));
    const user = await findUserById(env.db, id);
    if (user?.suspendedAt) return c.json({ errors: [suspendedError('id', id)] });
    return answer(c, user, selection.userFields, () =>
      notFoundError({
        resourceType: 'user',
        parameter: 'id',
        value: id,
        detail: `Could not find user with id: [${id}].`,
      }),
    );
  });

  /** Found → `{data}`; missing → HTTP 200 with `{errors:[…]}`, as X answers. */
  async function answer(
    c: Context,
    user: XUser | undefined,
    fields: Set<string>,
    missing: () => object,
  ) {
    if (!user) return c.json({ errors: [missing()] });
    const [data] = await renderUsers(env, [user], fields);
    return c.json({ data });
  }

  return app;
}
