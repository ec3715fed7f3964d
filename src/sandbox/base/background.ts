import { Hono } from 'hono';
import type { FailedTwin, SandboxContext, SandboxService } from '../sandbox-service.ts';
import { AnvilUnavailableError } from './anvil.ts';
import type { BaseChain } from './chain.ts';
import { BASE_SANDBOX_PATH } from './path.ts';

export { BASE_SANDBOX_PATH };

/**
 * Starts the local Base chain without holding up the server: anvil and the genesis deploy take
 * seconds (decision 0025: `npm start` → first 200), and its module (viem's chain list) is loaded
 * only here. `ready` resolves with the service once it runs, pushed onto `services` (so
 * `GET /sandbox` lists it), or null where it could not start (logged, and pushed onto `failed`:
 * `GET /sandbox` lists it as failed and readiness names it). `app` is mounted at once:
 * requests to it wait for the node.
 */
export function startBaseInBackground(
  ctx: SandboxContext,
  services: SandboxService[],
  failed: FailedTwin[],
) {
  let failure: string | null = null;
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
        failure =
          err instanceof AnvilUnavailableError
            ? err.message
            : `The local Base node failed to start: ${whatFailed(err)}`;
        failed.push({ name: 'base', path: BASE_SANDBOX_PATH, message: failure });
        return null;
      },
    );
  let mounted: Hono | null = null;
  const app = new Hono().all('*', async (c) => {
    const base = await ready;
    if (!base) {
      const message = failure ?? 'The local Base node is not running (see the server log)';
      return c.json({ error: { code: 'base_unavailable', message } }, 503);
    }
    // The request keeps its full path: route it through the service mounted where it lives.
    mounted ??= new Hono().route(BASE_SANDBOX_PATH, base.app);
    return mounted.fetch(c.req.raw);
  });
  return { app, ready };
}

/**
 * Starts anvil and plays the genesis right away, before the database is open and the rest of
 * the sandbox exists (readiness waited for the two one after the other; decision 0025). Hand the
 * result to the sandbox as `baseChain`; its failure is reported there, not here.
 */
export function startBaseChainEarly(): Promise<BaseChain> {
  const chain = import('./chain.ts').then(({ startBaseChain }) => startBaseChain());
  // The service's module too, while the process waits on anvil and the database, rather than
  // after the sandbox is composed, when the main thread is busiest (decision 0065).
  import('./service.ts').catch(() => {});
  // Marked handled now: the sandbox that reports it may only be composed seconds later.
  chain.catch(() => {});
  return chain;
}

/**
 * One line for a person. viem's messages run to many lines (request body, docs link, version);
 * its short message and the node's own words ("transaction already imported") say what failed.
 */
function whatFailed(err: Error & { shortMessage?: string; details?: string }) {
  const first = err.shortMessage ?? err.message.split('\n')[0] ?? err.name;
  return err.details ? `${first.replace(/\.$/, '')} (${err.details})` : first;
}
