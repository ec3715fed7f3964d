import type { FastJsonRoutes } from '../http/fast-json.ts';
import { createNodeListener } from './node-listener.ts';
import type { StaticSite } from './static-site.ts';

/** Node's `{ incoming, outgoing }` reach the app as its env: the client's address is read there. */
type FetchHandler = (req: Request, env?: unknown) => Response | Promise<Response>;

/** How the work started after the app ended: the parts that failed, each said for a person. */
export interface StartUpOutcome {
  failed: { part: string; message: string }[];
}

export interface Starting {
  /** Resolves with the app's fetch once the product is composed (database open, routes made). */
  app: Promise<FetchHandler>;
  /** Settles when the work started after the app (e.g. the sandbox's local Base node) is done. */
  background: Promise<StartUpOutcome | undefined>;
  /** True once the process is stopping: readiness fails so a balancer sends no more (decision 0078). */
  stopping?: () => boolean;
}

const STARTING = JSON.stringify({
  error: { code: 'starting', message: 'The server is starting; try again in a moment' },
});

const STOPPING = JSON.stringify({
  error: { code: 'stopping', message: 'The server is stopping; send requests elsewhere' },
});

/** 503 `not_ready` naming each failed part (the server runs, but not all of it: say which). */
const notReady = (failed: StartUpOutcome['failed']) =>
  JSON.stringify({
    error: { code: 'not_ready', message: failed.map((f) => f.message).join(' ') },
    parts: failed,
  });

/**
 * The server's listener from the moment it listens, before the rest of the product has loaded
 * (decision 0025: `npm start` → first 200 in seconds). Pages and assets come from the in-memory
 * site at once; every other request waits for the app and is then handled as usual, so nothing
 * early fails. Readiness (`/api/health/ready`) answers 503 `starting` until the app and its
 * background start-up are done; after that the app's own route answers, unless a part of the
 * background start-up failed: then 503 `not_ready` naming it, until a restart (a server
 * missing a part is not ready, whatever its database says). Once the process is stopping it
 * answers 503 `stopping` while it still serves everything else.
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
  let failedBody: string | null = null;
  void starting.background
    .then(
      (outcome) => {
        if (outcome?.failed.length) failedBody = notReady(outcome.failed);
      },
      (err: Error) => {
        failedBody = notReady([
          { part: 'start-up', message: `The start-up failed: ${err.message}` },
        ]);
      },
    )
    .finally(() => {
      settled = true;
    });
  return createNodeListener(
    (req, env) => {
      const notYet = starting.stopping?.() ? STOPPING : settled ? failedBody : STARTING;
      if (notYet && new URL(req.url).pathname === '/api/health/ready') {
        return new Response(notYet, {
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
