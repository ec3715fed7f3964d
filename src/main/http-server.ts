import { createServer, type RequestListener, type Server } from 'node:http';
import type { FastJsonRoutes } from '@/api/http/fast-json.ts';
import { type Starting, startingListener } from '@/api/site/starting-listener.ts';
import type { StaticSite } from '@/api/site/static-site.ts';

/**
 * Idle keep-alive connections stay open this long. Node's default (5 s) closes them while
 * clients (browsers, proxies, test runners polling every few seconds) still think they are
 * usable: a request written on a socket the server is closing at that moment fails with
 * ECONNRESET. Longer than the 60 s idle timeout common in load balancers, so the side in front
 * always closes first.
 */
export const KEEP_ALIVE_MS = 65_000;

/** The product's HTTP server for a listener (npm start). */
export function createHttpServer(listener: RequestListener): Server {
  const server = createServer(listener);
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  // Must exceed keepAliveTimeout, or Node may drop a connection mid-headers.
  server.headersTimeout = KEEP_ALIVE_MS + 1000;
  return server;
}

/**
 * What `npm start` listens with: the starting listener (pages at once, the rest once the app is
 * composed) on the server above. Tests of what depends on the connection (the client's
 * address) go through this, not through the app object.
 */
export function createProductServer(
  site: StaticSite | null,
  starting: Starting,
  polls?: FastJsonRoutes,
): Server {
  return createHttpServer(startingListener(site, starting, polls));
}
