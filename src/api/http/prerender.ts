import fs from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { Logger } from 'pino';
import type { PublicConfig } from '../../shared/public-config.ts';
import type { StaticSite } from './static-site.ts';

/**
 * Public pages whose content does not depend on who asks: rendered once per process, with this
 * deployment's public config, and served from memory like any static file. Pages that show a
 * signed-in user's data are left to the browser.
 */
export const PRERENDERED_PAGES = ['/', '/how-it-works', '/terms-of-service', '/privacy-policy'];

/**
 * Renders the public pages with the web app's server build (dist/web-ssr, made by
 * `npm run build:web`) and adds them to the site. Until it finishes (a few hundred ms after
 * start) those paths get the plain shell, which the browser renders itself. Rendering at start
 * rather than at build time is what lets a page carry this deployment's names and links.
 */
export async function prerenderPublicPages(
  site: StaticSite,
  opts: { ssrDir: string; publicConfig: PublicConfig; logger: Pick<Logger, 'warn' | 'debug'> },
): Promise<string[]> {
  const entry = path.join(opts.ssrDir, 'entry-server.js');
  if (!fs.existsSync(entry)) {
    opts.logger.warn({ entry }, 'no server build of the web app: pages render in the browser');
    return [];
  }
  const done: string[] = [];
  for await (const rendered of renderInWorker(entry, opts.publicConfig)) {
    if ('html' in rendered) {
      await site.addRenderedPage(rendered.page, rendered.html);
      done.push(rendered.page);
    } else {
      opts.logger.warn({ page: rendered.page, err: rendered.error }, 'page not prerendered');
    }
  }
  opts.logger.debug({ pages: done }, 'public pages prerendered');
  return done;
}

type Rendered = { page: string; html: string } | { page: string; error: string };

/**
 * Renders in a worker thread that exits when done: the web app's server build pulls in React's
 * server renderer, the UI libraries and every icon module (some 2,000 ES modules, about 45 MiB),
 * which the server would otherwise hold for its whole life to render four pages once (issue 11,
 * idle memory). The web app reads its config from the page; here there is none, so it is handed
 * over first. Plain JavaScript, evaluated: the same code runs under tsx and in the compiled server.
 */
async function* renderInWorker(entry: string, publicConfig: PublicConfig) {
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { entry, pages: PRERENDERED_PAGES, publicConfig },
  });
  const queue: (Rendered | null)[] = [];
  let wake: () => void = () => {};
  const push = (item: Rendered | null) => {
    queue.push(item);
    wake();
  };
  worker.on('message', (item: Rendered) => push(item));
  worker.on('error', (err) => push({ page: '*', error: err.message }));
  worker.on('exit', () => push(null));
  for (;;) {
    if (!queue.length) await new Promise<void>((resolve) => (wake = resolve));
    const item = queue.shift();
    if (item === null) return;
    if (item) yield item;
  }
}

const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { pathToFileURL } = require('node:url');
globalThis.__UPSIDER_PUBLIC_CONFIG__ = workerData.publicConfig;
(async () => {
  const { renderPage } = await import(pathToFileURL(workerData.entry).href);
  for (const page of workerData.pages) {
    try {
      parentPort.postMessage({ page, html: await renderPage(page) });
    } catch (err) {
      parentPort.postMessage({ page, error: String((err && err.message) || err) });
    }
  }
})().catch((err) => parentPort.postMessage({ page: '*', error: String((err && err.message) || err) }));
`;
