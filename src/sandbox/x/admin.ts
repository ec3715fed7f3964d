import { Hono } from 'hono';
import { xWebhooks } from '../db/schema/index.ts';
import { DEFAULT_USER_SCOPES } from './accounts.ts';
import { publishPost } from './activity/publish.ts';
import { listWebhooks } from './activity/store.ts';
import { addAccountRoutes } from './admin-accounts.ts';
import { addEditRoute } from './admin-edit.ts';
import { describePosts, readBody, schemas } from './admin-io.ts';
import { creditsAdminRoutes } from './billing/admin-credits.ts';
import type { XEnv } from './context.ts';
import { ID_PATTERN, snowflake } from './ids.ts';
import { DUPLICATE_CONTENT, problem } from './problems.ts';
import { ensureSandboxClient } from './store/clients.ts';
import { addEngagement, countEngagements, removeEngagement } from './store/engagements.ts';
import { listRecentPosts } from './store/post-queries.ts';
import { deletePost, findPost } from './store/posts.ts';
import { issueTokens } from './store/tokens.ts';
import { ensureUser, findUserByUsername, listRecentUsers, setUserProfile } from './store/users.ts';
import { sameSiteForm } from './web/session.ts';

/** Test and tooling API of the local X; only exists because only the sandbox mounts it. */
export function adminRoutes(env: XEnv) {
  const app = new Hono();
  app.use('*', async (c, next) => {
    if (c.req.method !== 'GET' && !sameSiteForm(c, env)) {
      return c.json(
        { error: { code: 'cross_site_request', message: 'Cross-site requests are not allowed' } },
        403,
      );
    }
    await next();
  });
  app.route('/credits', creditsAdminRoutes(env));
  app.post('/users', async (c) => {
    const input = await readBody(c.req.raw, schemas.user);
    if (!input.ok) return input.response;
    const now = env.now();
    const user = await ensureUser(env.db, input.value.username, now);
    const client = await ensureSandboxClient(env.db, env.publicUrl, now);
    const tokens = await issueTokens(env.db, {
      clientId: client.clientId,
      userId: user.id,
      scopes: DEFAULT_USER_SCOPES,
      now,
    });
    return c.json(
      {
        id: user.id,
        username: user.username,
        name: user.name,
        accessToken: tokens.access_token,
        refreshToken: tokens.refresh_token,
        scope: tokens.scope,
      },
      201,
    );
  });

  app.get('/users', async (c) => {
    const limit = Math.min(500, Math.max(1, Number(c.req.query('limit') ?? 50) || 50));
    const users = await listRecentUsers(env.db, limit);
    return c.json(
      users.map((u) => ({ id: u.id, username: u.username, name: u.name, createdAt: u.createdAt })),
    );
  });

  app.post('/users/:username/profile', async (c) => {
    const input = await readBody(c.req.raw, schemas.profile);
    if (!input.ok) return input.response;
    const user = await findUserByUsername(env.db, c.req.param('username'));
    if (!user) return c.json({ error: { code: 'not_found', message: 'No such user' } }, 404);
    const updated = await setUserProfile(env.db, user.id, {
      followersCount: input.value.followersCount,
      createdAt: input.value.createdAt ? new Date(input.value.createdAt) : undefined,
    });
    return c.json({
      id: updated.id,
      username: updated.username,
      followersCount: updated.followersCount,
      createdAt: updated.createdAt.toISOString(),
    });
  });

  app.get('/posts', async (c) => {
    const limit = Math.min(1000, Math.max(1, Number(c.req.query('limit') ?? 100) || 100));
    return c.json(await describePosts(env, await listRecentPosts(env.db, { limit })));
  });

  app.post('/posts', async (c) => {
    const input = await readBody(c.req.raw, schemas.post);
    if (!input.ok) return input.response;
    const { username: name, ...rest } = input.value;
    const author = await ensureUser(env.db, name, env.now());
    const result = await publishPost(env, { authorId: author.id, ...rest, now: env.now() });
    if (result.ok) return c.json((await describePosts(env, [result.post]))[0], 201);
    if (result.reason === 'duplicate') return problem(c, 403, DUPLICATE_CONTENT);
    return c.json(
      {
        error: {
          code: result.reason,
          message: 'The referenced post does not exist or was deleted',
        },
      },
      400,
    );
  });

  addEditRoute(app, env);
  addAccountRoutes(app, env);

  app.post('/posts/:id/engagements', async (c) => {
    const input = await readBody(c.req.raw, schemas.engagement);
    if (!input.ok) return input.response;
    const id = c.req.param('id');
    const post = ID_PATTERN.test(id) ? await findPost(env.db, BigInt(id)) : undefined;
    if (!post) return c.json({ error: { code: 'not_found', message: 'No such post' } }, 404);
    const user = await ensureUser(env.db, input.value.username, env.now());
    const engagement = { postId: post.id, userId: user.id, kind: input.value.kind };
    if (input.value.undo) await removeEngagement(env.db, engagement);
    else await addEngagement(env.db, { ...engagement, now: env.now() });
    const counts = (await countEngagements(env.db, [post.id])).get(id)!;
    return c.json({ postId: id, likeCount: counts.likes, retweetCount: counts.reposts });
  });

  app.delete('/posts/:id', async (c) => {
    if (!ID_PATTERN.test(c.req.param('id')))
      return c.json({ error: { code: 'invalid_request', message: 'id: must be a post id' } }, 400);
    await deletePost(env.db, BigInt(c.req.param('id')), env.now());
    return c.body(null, 204);
  });

  // The sandbox app's webhook at this URL (registered without a CRC check if new), marked valid
  // or not: a webhook X's hourly check failed, which gets no events until a PUT re-validates it.
  app.post('/webhooks', async (c) => {
    const input = await readBody(c.req.raw, schemas.webhook);
    if (!input.ok) return input.response;
    const now = env.now();
    const client = await ensureSandboxClient(env.db, env.publicUrl, now);
    const { url, valid } = input.value;
    const found = (await listWebhooks(env.db, client.clientId)).find((w) => w.url === url);
    const hook =
      found ??
      (
        await env.db
          .insert(xWebhooks)
          .values({ id: snowflake(now).toString(), clientId: client.clientId, url, createdAt: now })
          .returning()
      )[0]!;
    if (valid) env.invalidWebhooks.delete(hook.id);
    else env.invalidWebhooks.add(hook.id);
    return c.json({ id: hook.id, url: hook.url, valid }, found ? 200 : 201);
  });

  return app;
}
