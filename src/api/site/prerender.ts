import fs from 'node:fs';
import path from 'node:path';
import type { Logger } from '@/shared/logger.ts';
import type { PublicConfig } from '@/shared/public-config.ts';
import { prerenderKey, readPrerendered, recordPrerendered } from './prerender-cache.ts';
import { startRenderer } from './prerender-child.ts';
import type { StaticSite } from './static-site.ts';

/**
 * Public pages whose content does not depend on who asks: rendered once per process, with this
 * deployment's public config, and served from memory like any static file. Pages that show a
 * signed-in user's data are left to the browser.
 */
export const PRERENDERED_PAGES = [
  '/',
  '/how-it-works',
  '/terms-of-service',
  '/privacy-policy',
  // Public data pages: their frame, heading and introduction, with the data's loading state.
  '/premium',
  '/leaderboard',
  '/digital-evidence',
  '/status',
  '/polymarket',
  // Also answers /rewards?day=…: until its data arrives the page is the same for every day.
  '/rewards',
];

/**
 * Renders the public pages with the web app's server build (dist/web-ssr, made by
 * `npm run build:web`) and adds them to the site. Until it finishes (at once from the pages kept
 * by the last start; else after the start-up and a render) those paths get the plain shell, which the browser renders itself. Rendering at start
 * rather than at build time is what lets a page carry this deployment's names and links.
 */
export async function prerenderPublicPages(
  site: StaticSite,
  opts: {
    ssrDir: string;
    publicConfig: PublicConfig;
    logger: Pick<Logger, 'warn' | 'debug'>;
    /** Where the pages are kept between starts (prerender-cache.ts); none: rendered each time. */
    cacheFile?: string | null;
    /** The server-render build still running (`npm start`), awaited before anything is read. */
    serverRenderBuild?: Promise<void>;
    /** What the renderer's child waits for when the pages are not kept (the start-up's end). */
    renderAfter?: Promise<unknown>;
  },
): Promise<string[]> {
  await opts.serverRenderBuild;
  const entry = path.join(opts.ssrDir, 'entry-server.js');
  if (!fs.existsSync(entry)) {
    opts.logger.warn({ entry }, 'no server build of the web app: pages render in the browser');
    return [];
  }
  const key = opts.cacheFile
    ? prerenderKey(opts.ssrDir, PRERENDERED_PAGES, opts.publicConfig)
    : null;
  if (opts.cacheFile && key) {
    const done = await fromCache(site, opts.cacheFile, key);
    if (done) {
      opts.logger.debug({ pages: done }, 'public pages prerendered (kept from the last start)');
      return done;
    }
  }
  await opts.renderAfter?.catch(() => {});
  const record = opts.cacheFile && key ? recordPrerendered(opts.cacheFile, key) : null;
  const done: string[] = [];
  // Rendered, and compressed, in a child process that exits when done (prerender-child.ts).
  const renderer = startRenderer(entry, PRERENDERED_PAGES, opts.publicConfig);
  const compress = record ? record.recording(renderer.compress) : renderer.compress;
  try {
    for await (const rendered of renderer.pages) {
      if (!('html' in rendered)) {
        opts.logger.warn({ page: rendered.page, err: rendered.error }, 'page not prerendered');
        continue;
      }
      try {
        await site.addRenderedPage(rendered.page, rendered.html, compress);
        record?.page(rendered.page, rendered.html);
        done.push(rendered.page);
      } catch (err) {
        opts.logger.warn({ page: rendered.page, err }, 'page not prerendered');
      }
    }
  } finally {
    renderer.close();
  }
  // Kept only when every page rendered: a partial render is not one to skip the next.
  if (record && done.length === PRERENDERED_PAGES.length) {
    try {
      record.save();
    } catch (err) {
      opts.logger.warn({ err }, 'prerendered pages not kept for the next start');
    }
  }
  opts.logger.debug({ pages: done }, 'public pages prerendered');
  return done;
}

/** Every page from the cache, or null when any is missing (nothing added then). */
async function fromCache(site: StaticSite, file: string, key: string) {
  const cached = readPrerendered(file, key);
  if (!cached || cached.pages.length !== PRERENDERED_PAGES.length) return null;
  // A body the cache lacks (a changed shell or stylesheet) means rendering anew; the pages added
  // before it are right as they are, and the render replaces them.
  try {
    for (const { page, html } of cached.pages)
      await site.addRenderedPage(page, html, cached.compress);
  } catch {
    return null;
  }
  return cached.pages.map((p) => p.page);
}
