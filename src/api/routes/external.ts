import { Hono } from 'hono';
import { z } from 'zod';
import { postForUser } from '@/core/external/post-for-user.ts';
import { findProjectByKey } from '@/core/external/projects.ts';
import type { ApiDeps } from '../deps.ts';
import { unauthorized } from '../http/errors.ts';
import { readJson } from '../http/validate.ts';

const postBody = z
  .object({
    xUserId: z
      .string()
      .regex(/^\d{1,20}$/, 'must be a numeric X user id')
      .optional(),
    username: z
      .string()
      .transform((u) => u.replace(/^@/, ''))
      .pipe(z.string().regex(/^[A-Za-z0-9_]{1,15}$/, 'must be an X handle'))
      .optional(),
    text: z.string().trim().min(1, 'must not be empty').max(4000),
    replyToId: z
      .string()
      .regex(/^\d{1,20}$/, 'must be a numeric post id')
      .optional(),
  })
  .refine((b) => Boolean(b.xUserId) !== Boolean(b.username), {
    message: 'Give exactly one of xUserId or username',
  });

/**
 * The API for outside projects, called server to server with `Authorization: Bearer <key>`
 * (no cookies, hence exempt from the same-origin check).
 */
export function externalRoutes(deps: ApiDeps) {
  const app = new Hono();

  app.post('/posts', async (c) => {
    const match = /^Bearer\s+(\S+)$/i.exec(c.req.header('authorization') ?? '');
    const project = match ? await findProjectByKey(deps, match[1]!) : null;
    if (!project) throw unauthorized('Missing or invalid project API key', 'invalid_api_key');
    const body = await readJson(c, postBody);
    const post = await postForUser(deps, project, body);
    return c.json(post, 201);
  });

  return app;
}
