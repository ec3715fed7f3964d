import type { IncomingMessage, Server, ServerResponse } from 'node:http';

/** A request for a page (not the API, the sandbox's services or an asset). */
const isPage = (req: IncomingMessage) => {
  const path = (req.url ?? '/').split('?')[0] ?? '/';
  return (
    req.method === 'GET' && !/^\/(api|sandbox|assets)(\/|$)/.test(path) && !/\.\w+$/.test(path)
  );
};

/**
 * Resolves once `server` has finished sending its first page and `quietMs` more have passed
 * (the page's own scripts and API calls come right after it), or after `maxWaitMs` if nobody
 * opens one. The first-start demo waits for it: on a small machine its commands, transfers and
 * video render took the CPU the first visitor's page needed.
 */
export function afterFirstPage(
  server: Pick<Server, 'on' | 'off'>,
  opts: { quietMs: number; maxWaitMs: number },
): Promise<void> {
  return new Promise((resolve) => {
    let done = false;
    const finish = (delayMs: number) => {
      if (done) return;
      done = true;
      server.off('request', onRequest);
      clearTimeout(fallback);
      setTimeout(resolve, delayMs).unref();
    };
    const onRequest = (req: IncomingMessage, res: ServerResponse) => {
      if (isPage(req)) res.once('finish', () => finish(opts.quietMs));
    };
    const fallback = setTimeout(() => finish(0), opts.maxWaitMs);
    fallback.unref();
    server.on('request', onRequest);
  });
}
