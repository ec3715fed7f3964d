import type { FastJsonRoutes } from './fast-json.ts';
import { createNodeListener } from './node-listener.ts';
import type { StaticSite } from './static-site.ts';

/** Node's `{ incoming, outgoing }` reach the app as its env: the client's address is read there. */
type FetchHandler = (req: Request, env?: unknown) => Response | Promise<Response>;

export interface Starting {
  /** Resolves with the app's fetch once the product is composed (database open, routes made). */
  app: Promise<FetchHandler>;
  /** Settles when the work started after the app (e.g. the sandbox's local Base node) is done. */
  background: Promise<unknown>;
}

const STARTING = JSON.stringify({
  error: { code: 'starting', message: 'The server is starting; try again in a moment' },
});

/**
 * The server's listener from the moment it listens, before the rest of the product has loaded
 * (issue 11: `npm start` → first 200 in seconds). Pages and assets come from the in-memory site
 * at once; every other request waits for the app and is then handled as usual, so nothing
 * early fails. Readiness (`/api/health/ready`) answers 503 `starting` until the app and its
 * background start-up are done; after that the app's own route answers.
 */
export function startingListener(
  site: StaticSite | null,
  starting: Starting,
  polls?: FastJsonRoutes,
) {
  let fetch: FetchHandler | null = null;
  let settled = false;
  const app = starting.app.then((f) => {
    fetch = f;
    return f;
  });
  // A failed start ends the process (server.ts); nothing to answer here.
  app.catch(() => {});
  void starting.background.finally(() => {
    settled = true;
  });
  return createNodeListener(
    (req, env) => {
      if (!settled && new URL(req.url).pathname === '/api/health/ready') {
        return new Response(STARTING, {
          status: 503,
          headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' },
        });
      }
      return fetch ? fetch(req, env) : app.then((f) => f(req, env));
    },
    site,
    polls,
  );
}
