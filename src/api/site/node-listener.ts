import type { IncomingMessage, ServerResponse } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import { secondsSince, telemetry } from '@/shared/telemetry.ts';
import type { FastJsonRoutes } from '../http/fast-json.ts';
import { isSharePath } from '../share/page-routes.ts';
import type { StaticSite } from './static-site.ts';

/**
 * The server's request listener. Two kinds of GET are answered straight from memory (no
 * Request/Response objects, no middleware): pages and assets from the in-memory site, and the
 * poll endpoints' stored bodies (fast-json). Everything else goes to the Hono app, which serves
 * the same answers for the same paths — this only skips per-request work that made `GET /` a
 * fifth, and the polls under half, of a bare server's speed.
 */
export function createNodeListener(
  fetch: (req: Request, env: unknown) => Response | Promise<Response>,
  site: StaticSite | null,
  polls?: FastJsonRoutes,
) {
  const app = getRequestListener(fetch);
  return (req: IncomingMessage, res: ServerResponse) => {
    const url = req.url ?? '/';
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !isPlainPath(url)) return app(req, res);
    const head = req.method === 'HEAD';
    const started = performance.now();
    if (url.startsWith('/api/')) {
      const r = polls?.get(url)?.answer({
        acceptEncoding: req.headers['accept-encoding'],
        ifNoneMatch: req.headers['if-none-match'],
      });
      if (!r) return app(req, res);
      res.writeHead(r.status, r.headers);
      res.end(head ? undefined : (r.body ?? undefined));
      // A registered poll path: as bounded as the app's route patterns.
      telemetry.httpRequest(url, req.method, r.status, secondsSince(started));
      return;
    }
    // /metrics is the app's (a token or a 404), never the SPA's page.
    // Record pages carry their record's head, read from the database: the app's routes.
    if (
      !site ||
      url === '/api' ||
      url === '/metrics' ||
      url.startsWith('/sandbox') ||
      isSharePath(url)
    ) {
      return app(req, res);
    }
    const q = url.indexOf('?');
    const r = site.respond(q === -1 ? url : url.slice(0, q), {
      acceptEncoding: req.headers['accept-encoding'],
      ifNoneMatch: req.headers['if-none-match'],
    });
    res.writeHead(r.status, r.headers);
    res.end(head ? undefined : (r.body ?? undefined));
    telemetry.httpRequest('static-site', req.method, r.status, secondsSince(started));
  };
}

/** Anything unusual (not rooted, encoded, dot segments) goes the long way, through the app. */
function isPlainPath(url: string) {
  return url.charCodeAt(0) === 47 /* / */ && !url.includes('%') && !url.includes('..');
}
