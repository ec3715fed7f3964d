import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import type { Logger } from '../../shared/logger.ts';
import type { PublicConfig } from '../../shared/public-config.ts';
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
  // Also answers /rewards?day=…: until its data arrives the page is the same for every day.
  '/rewards',
];

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
  for await (const rendered of renderInChild(entry, opts.publicConfig)) {
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
 * Renders in a child node process that exits when done: the web app's server build pulls in
 * React's server renderer, the UI libraries and every icon module (some 2,000 ES modules, about
 * 45 MiB), which the server would otherwise hold for its whole life to render four pages once
 * (issue 11, idle memory). Not a worker thread: its malloc arena (~20 MiB) outlived it. The web
 * app reads its config from the page; here there is none, so it is handed over first. Plain
 * JavaScript, evaluated: the same code runs under tsx and in the compiled server. One JSON line
 * per page on stdout.
 */
async function* renderInChild(entry: string, publicConfig: PublicConfig) {
  const child = spawn(
    process.execPath,
    ['-e', CHILD_SOURCE, entry, JSON.stringify(PRERENDERED_PAGES), JSON.stringify(publicConfig)],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let spawnError = '';
  child.once('error', (err) => {
    spawnError = err.message;
  });
  let any = false;
  for await (const line of readline.createInterface({ input: child.stdout })) {
    any = true;
    yield JSON.parse(line) as Rendered;
  }
  if (!any) yield { page: '*', error: spawnError || 'the renderer rendered nothing' };
}

const CHILD_SOURCE = `
const { pathToFileURL } = require('node:url');
const [entry, pages, config] = process.argv.slice(1);
globalThis.__UPSIDER_PUBLIC_CONFIG__ = JSON.parse(config);
const say = (o) => process.stdout.write(JSON.stringify(o) + '\\n');
const message = (err) => String((err && err.message) || err);
(async () => {
  const { renderPage } = await import(pathToFileURL(entry).href);
  for (const page of JSON.parse(pages)) {
    try {
      say({ page, html: await renderPage(page) });
    } catch (err) {
      say({ page, error: message(err) });
    }
  }
})().catch((err) => say({ page: '*', error: message(err) }));
`;
