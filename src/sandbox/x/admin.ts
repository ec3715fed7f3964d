import { Hono } from 'hono';
import { z } from 'zod';
import { DEFAULT_USER_SCOPES } from './accounts.ts';
import type { XEnv } from './context.ts';
import { addFault, clearFaults } from './faults.ts';
import { ID_PATTERN, USERNAME_PATTERN } from './ids.ts';
import { DUPLICATE_CONTENT, problem } from './problems.ts';
import { ensureSandboxClient } from './store/clients.ts';
import { createPost, deletePost, listRecentPosts, type XPost } from './store/posts.ts';
import { issueTokens } from './store/tokens.ts';
import { ensureUser, findUsersByIds } from './store/users.ts';
import { sameSiteForm } from './web/session.ts';

const username = z.string().trim().regex(USERNAME_PATTERN, 'must be an X handle without @');
const postId = z.string().regex(ID_PATTERN, 'must be a post id').transform(BigInt);
const schemas = {
  user: z.object({ username }),
  post: z.object({
    username,
    text: z.string().min(1).max(10_000),
    inReplyToId: postId.optional(),
    quotedId: postId.optional(),
  }),
  fault: z.object({
    path: z.string().min(1).max(500),
    status: z.number().int().min(400).max(599),
    count: z.number().int().min(1).max(10_000).default(1),
    method: z.enum(['GET', 'POST', 'DELETE', 'PUT', 'PATCH']).optional(),
  }),
};

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
  const body = async <S extends z.ZodType>(req: Request, schema: S) => {
    const json = await req.json().catch(() => undefined);
    const parsed = schema.safeParse(json);
    if (parsed.success) return { ok: true as const, value: parsed.data as z.infer<S> };
    const message = parsed.error.issues
      .map((i) => `${i.path.join('.') || 'body'}: ${i.message}`)
      .join('; ');
    return {
      ok: false as const,
      response: Response.json({ error: { code: 'invalid_request', message } }, { status: 400 }),
    };
  };

  app.post('/users', async (c) => {
    const input = await body(c.req.raw, schemas.user);
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

  app.get('/posts', async (c) => {
    const limit = Math.min(1000, Math.max(1, Number(c.req.query('limit') ?? 100) || 100));
    return c.json(await describePosts(await listRecentPosts(env.db, { limit })));
  });

  app.post('/posts', async (c) => {
    const input = await body(c.req.raw, schemas.post);
    if (!input.ok) return input.response;
    const { username: name, ...rest } = input.value;
    const author = await ensureUser(env.db, name, env.now());
    const result = await createPost(env.db, { authorId: author.id, ...rest, now: env.now() });
    if (result.ok) return c.json((await describePosts([result.post]))[0], 201);
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

  app.delete('/posts/:id', async (c) => {
    if (!ID_PATTERN.test(c.req.param('id')))
      return c.json({ error: { code: 'invalid_request', message: 'id: must be a post id' } }, 400);
    await deletePost(env.db, BigInt(c.req.param('id')), env.now());
    return c.body(null, 204);
  });

  app.post('/faults', async (c) => {
    const input = await body(c.req.raw, schemas.fault);
    if (!input.ok) return input.response;
    const fault = await addFault(env, input.value);
    return c.json(
      {
        id: fault.id,
        path: fault.pathPattern,
        method: fault.method,
        status: fault.status,
        count: fault.remaining,
      },
      201,
    );
  });

  app.delete('/faults', async (c) => {
    await clearFaults(env);
    return c.body(null, 204);
  });

  async function describePosts(posts: XPost[]) {
    const authors = new Map(
      (
        await findUsersByIds(
          env.db,
          posts.map((p) => p.authorId),
        )
      ).map((u) => [u.id, u]),
    );
    return posts.map((p) => ({
      id: p.id.toString(),
      author: { id: p.authorId, username: authors.get(p.authorId)?.username ?? null },
      text: p.text,
      createdAt: p.createdAt.toISOString(),
      inReplyToId: p.inReplyToId?.toString() ?? null,
      quotedId: p.quotedId?.toString() ?? null,
    }));
  }

  return app;
}
