import type { IncomingMessage, ServerResponse } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import type { FastJsonRoutes } from './fast-json.ts';
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
    if (url.startsWith('/api/')) {
      const r = polls?.get(url)?.answer({
        acceptEncoding: req.headers['accept-encoding'],
        ifNoneMatch: req.headers['if-none-match'],
      });
      if (!r) return app(req, res);
      res.writeHead(r.status, r.headers);
      res.end(head ? undefined : (r.body ?? undefined));
      return;
    }
    if (!site || url === '/api' || url.startsWith('/sandbox')) return app(req, res);
    const q = url.indexOf('?');
    const r = site.respond(q === -1 ? url : url.slice(0, q), {
      acceptEncoding: req.headers['accept-encoding'],
      ifNoneMatch: req.headers['if-none-match'],
    });
    res.writeHead(r.status, r.headers);
    res.end(head ? undefined : (r.body ?? undefined));
  };
}

/** Anything unusual (not rooted, encoded, dot segments) goes the long way, through the app. */
function isPlainPath(url: string) {
  return url.charCodeAt(0) === 47 /* / */ && !url.includes('%') && !url.includes('..');
}
