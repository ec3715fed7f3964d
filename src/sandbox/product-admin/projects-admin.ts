import { Hono } from 'hono';
import { createProject } from '@/core/external/projects.ts';
import { guardSandboxService } from '../guard.ts';
import type { ProductAdminDeps } from './deps.ts';

/**
 * `POST /sandbox/_admin/projects {name, dailyCap?}` → `{id, name, dailyCap, apiKey}`: what
 * `npm run projects -- add` does, for tests and demos while the server runs (the embedded
 * database admits one process, so the CLI cannot run beside it). Sandbox mode only.
 */
export function projectsAdminRoutes(deps: Pick<ProductAdminDeps, 'db' | 'config'>) {
  const app = new Hono();
  app.post('/', async (c) => {
    const body = (await c.req.json().catch(() => null)) as {
      name?: unknown;
      dailyCap?: unknown;
    } | null;
    if (typeof body?.name !== 'string') {
      return c.json(invalid('name is required'), 400);
    }
    try {
      const { project, apiKey } = await createProject(deps, {
        name: body.name,
        dailyCap: body.dailyCap === undefined ? 50 : Number(body.dailyCap),
      });
      return c.json(
        { id: project.id, name: project.name, dailyCap: project.dailyCap, apiKey },
        201,
      );
    } catch (err) {
      return c.json(invalid((err as Error).message), 400);
    }
  });
  return app;
}

const invalid = (message: string) => ({ error: { code: 'invalid_request', message } });

/**
 * The mount of the routes above, at `/sandbox/_admin/projects` (listed in `GET /sandbox`); the
 * sandbox guard refuses it from another site, like every `_admin` route.
 */
export function sandboxProjectsAdmin(deps: Pick<ProductAdminDeps, 'db' | 'config'>) {
  return {
    path: '/sandbox/_admin/projects',
    app: guardSandboxService(projectsAdminRoutes(deps), { publicUrl: deps.config.publicUrl }),
  };
}
