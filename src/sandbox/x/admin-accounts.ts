import { eq, sql } from 'drizzle-orm';
import type { Hono } from 'hono';
import { xUsers } from '../db/schema/index.ts';
import { readBody, schemas } from './admin-io.ts';
import type { XEnv } from './context.ts';
import { findUserByUsername } from './store/users.ts';

const notFound = { error: { code: 'not_found', message: 'No such user' } };

/**
 * Account changes X makes that matter to money sent to a handle (decision 0048): a rename (the
 * old name stops finding the account, the id stays) and a suspension (lookups answer X's
 * "User has been suspended" error; the account's posts are not served).
 */
export function addAccountRoutes(app: Hono, env: XEnv) {
  app.post('/users/:username/rename', async (c) => {
    const input = await readBody(c.req.raw, schemas.user);
    if (!input.ok) return input.response;
    const user = await findUserByUsername(env.db, c.req.param('username'));
    if (!user) return c.json(notFound, 404);
    const taken = await findUserByUsername(env.db, input.value.username);
    if (taken && taken.id !== user.id) {
      return c.json({ error: { code: 'username_taken', message: 'That name is taken' } }, 409);
    }
    await env.db
      .update(xUsers)
      .set({ username: input.value.username })
      .where(eq(xUsers.id, user.id));
    return c.json({ id: user.id, username: input.value.username, previous: user.username });
  });

  app.post('/users/:username/suspend', async (c) => {
    const user = await findUserByUsername(env.db, c.req.param('username'));
    if (!user) return c.json(notFound, 404);
    const [row] = await env.db
      .update(xUsers)
      .set({ suspendedAt: sql`coalesce(${xUsers.suspendedAt}, ${env.now()})` })
      .where(eq(xUsers.id, user.id))
      .returning();
    return c.json({ id: user.id, username: user.username, suspendedAt: row!.suspendedAt });
  });
}
