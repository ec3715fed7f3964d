import { Hono } from 'hono';
import type { SandboxContext, SandboxService } from '../sandbox-service.ts';
import { AnvilUnavailableError } from './anvil.ts';
import { BASE_SANDBOX_PATH } from './path.ts';

export { BASE_SANDBOX_PATH };

/**
 * Starts the local Base chain without holding up the server: anvil and the genesis deploy take
 * seconds (issue 11: `npm start` → first 200), and its module (viem's chain list) is loaded
 * only here. `ready` resolves with the service once it runs, pushed onto `services` (so
 * `GET /sandbox` lists it), or null where anvil cannot run (logged: set BASE_RPC_URL). `app`
 * is mounted at once: requests to it wait for the node.
 */
export function startBaseInBackground(ctx: SandboxContext, services: SandboxService[]) {
  const ready = import('./service.ts')
    .then(({ createBaseSandbox }) => createBaseSandbox(ctx))
    .then(
      (base) => {
        services.push(base);
        return base;
      },
      (err: Error) => {
        if (err instanceof AnvilUnavailableError) ctx.logger.error(err.message);
        else ctx.logger.error({ err }, 'the local Base node did not start');
        return null;
      },
    );
  let mounted: Hono | null = null;
  const app = new Hono().all('*', async (c) => {
    const base = await ready;
    if (!base) {
      const message = 'The local Base node is not running (see the server log)';
      return c.json({ error: { code: 'base_unavailable', message } }, 503);
    }
    // The request keeps its full path: route it through the service mounted where it lives.
    mounted ??= new Hono().route(BASE_SANDBOX_PATH, base.app);
    return mounted.fetch(c.req.raw);
  });
  return { app, ready };
}
