import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import { createPendingLogin, PENDING_LOGIN_TTL_MS } from '@/core/auth/pending-login.ts';
import {
  authorizeExternal,
  EXTERNAL_REQUIRED_SCOPES,
  getAuthorizationStatus,
  revokeExternal,
  setAllowedProjects,
} from '@/core/external/authorization.ts';
import { listPostLog } from '@/core/external/post-for-user.ts';
import { toPublicProject } from '@/core/external/projects.ts';
import { externalProjects } from '@/db/schema/index.ts';
import type {
  AllowedProjects,
  AuthorizationStatus,
  ExternalProjects,
  PostLog,
} from '@/shared/external/contract.ts';
import type { ApiDeps } from '../deps.ts';
import { writeLoginCookie } from '../http/cookies.ts';
import { type AuthEnv, currentUser, loadSession, requireUser } from '../http/session.ts';
import { readJson } from '../http/validate.ts';

/**
 * The /authorize-twitter page's API: X's consent for posting, then letting outside projects post
 * for the signed-in user, or not.
 */
export function twitterRoutes(deps: ApiDeps) {
  const app = new Hono<AuthEnv>();
  app.use('*', loadSession(deps));
  app.use('*', requireUser);

  // X's consent for posting (decision 0045): the posting scopes are asked here only; X sends
  // the browser back to the one registered callback, which stores the grant for this user.
  app.get('/authorize', async (c) => {
    const pending = await createPendingLogin(deps, {
      returnTo: '/authorize-twitter',
      grant: { xUserId: currentUser(c).xUserId },
    });
    writeLoginCookie(c, deps, pending.id, PENDING_LOGIN_TTL_MS / 1000);
    const url = deps.x.createAuthorizationUrl(
      pending.state,
      pending.codeVerifier,
      EXTERNAL_REQUIRED_SCOPES,
    );
    c.header('Cache-Control', 'no-store');
    return c.redirect(url.toString());
  });

  app.get('/authorization-status', async (c) => {
    const status = await getAuthorizationStatus(deps, { xUserId: currentUser(c).xUserId });
    return c.json(status satisfies AuthorizationStatus);
  });

  app.post('/authorize-external', async (c) => {
    const status = await authorizeExternal(deps, { xUserId: currentUser(c).xUserId });
    return c.json({
      success: true,
      message: 'Authorization successful! Your tokens have been stored securely.',
      status,
    });
  });

  app.post('/revoke-external', async (c) => {
    const result = await revokeExternal(deps, { xUserId: currentUser(c).xUserId });
    return c.json({ success: true, message: 'Authorization revoked successfully.', ...result });
  });

  app.get('/projects', async (c) => {
    const rows = await deps.db
      .select()
      .from(externalProjects)
      .where(eq(externalProjects.disabled, false))
      .orderBy(externalProjects.name);
    return c.json({ projects: rows.map(toPublicProject) } satisfies ExternalProjects);
  });

  app.put('/allowed-projects', async (c) => {
    const body = await readJson(
      c,
      z.object({ projectIds: z.array(z.string().min(1).max(64)).max(100) }),
    );
    const allowed = await setAllowedProjects(deps, {
      xUserId: currentUser(c).xUserId,
      projectIds: body.projectIds,
    });
    return c.json({ allowedProjects: allowed } satisfies AllowedProjects);
  });

  app.get('/post-log', async (c) => {
    const rows = await listPostLog(deps, { xUserId: currentUser(c).xUserId });
    return c.json({
      entries: rows.map((r) => ({
        ...r,
        id: r.id.toString(),
        createdAt: r.createdAt.toISOString(),
      })),
    } satisfies PostLog);
  });

  return app;
}
