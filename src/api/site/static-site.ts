import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { matchesEtag } from '../http/cached-json.ts';
import { type PageHeads, replaceHead } from '../share/head-tags.ts';

export type { PageHeads };

import { type Compress, compressHere } from './compress-best.ts';

/**
 * The built web app, held in memory: every file read once at start-up with its brotli/gzip
 * bodies (from the build's .br/.gz, or made here), a strong ETag per representation and its
 * response headers ready. A request is a map lookup; nothing touches the disk.
 *
 * - `/assets/*` (content-hashed names): `immutable`, cached for a year; unknown → 404.
 * - Other files (favicon…): cached an hour.
 * - Every other path: a page (`pages` by path, else the SPA shell) with `no-cache` and the
 *   HTML-only security headers; non-HTML files carry only `nosniff`.
 */
export interface StaticFile {
  readonly isHtml: boolean;
  readonly variants: readonly Variant[];
}
interface Variant {
  encoding: 'br' | 'gzip' | null;
  body: Buffer;
  etag: string;
  headers: Record<string, string>;
}

export interface StaticResponse {
  status: 200 | 304 | 404;
  headers: Record<string, string>;
  body: Buffer | null;
}

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.webmanifest': 'application/manifest+json',
};
const COMPRESSIBLE = /\.(js|css|html|svg|json|txt|webmanifest)$/;

export class StaticSite {
  private readonly files = new Map<string, StaticFile>();
  private readonly pages = new Map<string, StaticFile>();
  private shell: StaticFile;
  private shellSource = '';
  private readonly renderHtml: (html: string) => string;
  private readonly htmlHeaders: Record<string, string>;

  /**
   * @param distDir the build (index.html + assets/)
   * @param renderHtml turns an HTML file's text into what is served (e.g. embeds the config)
   * @param htmlHeaders the security headers HTML responses carry
   */
  constructor(
    distDir: string,
    renderHtml: (html: string) => string,
    htmlHeaders: Record<string, string>,
    private readonly heads: PageHeads | null = null,
  ) {
    const html = (text: string) =>
      makeFile(Buffer.from(renderHtml(text)), '.html', 'no-cache', htmlHeaders, null);
    this.renderHtml = renderHtml;
    this.htmlHeaders = htmlHeaders;
    for (const entry of fs.readdirSync(distDir, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || /\.(br|gz)$/.test(entry.name)) continue;
      const file = path.join(entry.parentPath, entry.name);
      const urlPath = `/${path.relative(distDir, file).split(path.sep).join('/')}`;
      const ext = path.extname(entry.name);
      if (ext === '.html') {
        // index.html is the shell; about/index.html (prerendered) answers /about.
        const page = urlPath.replace(/(\/index)?\.html$/, '') || '/';
        const text = fs.readFileSync(file, 'utf8');
        if (page === '/') this.shellSource = text;
        this.pages.set(page, html(this.headed(page, text)));
        continue;
      }
      const cache = urlPath.startsWith('/assets/')
        ? 'public, max-age=31536000, immutable'
        : 'public, max-age=3600';
      this.files.set(urlPath, makeFile(fs.readFileSync(file), ext, cache, {}, file));
    }
    const shell = this.pages.get('/');
    if (!shell) throw new Error(`${distDir}/index.html is missing: run npm run build`);
    this.shell = heads ? html(replaceHead(this.shellSource, heads.fallback)) : shell;
    // Until the prerender adds them, the public pages are the shell with their own head.
    for (const page of heads?.paths ?? []) {
      if (!this.pages.has(page)) this.pages.set(page, html(this.headed(page, this.shellSource)));
    }
  }

  /** `text` with the head of `page` (unchanged without heads or for a page without one). */
  private headed(page: string, text: string): string {
    const tags = this.heads?.tags(page);
    return tags ? replaceHead(text, tags) : text;
  }

  private readonly withHeads = new Map<string, StaticFile>();

  /**
   * The shell with a record's own head (a receipt, an evidence record): made on first ask and
   * kept for the next 500 asked (a crawler's burst re-reads the same few records).
   */
  async pageWithHead(tags: string, compress: Compress = fastCompress): Promise<StaticFile> {
    const cached = this.withHeads.get(tags);
    if (cached) return cached;
    const body = Buffer.from(this.renderHtml(replaceHead(this.shellSource, tags)));
    const page = fileOf(body, '.html', 'no-cache', this.htmlHeaders, await compress(body));
    if (this.withHeads.size >= 500) {
      const oldest = this.withHeads.keys().next().value;
      if (oldest !== undefined) this.withHeads.delete(oldest);
    }
    this.withHeads.set(tags, page);
    return page;
  }

  /**
   * Serves `urlPath` as the shell with the page's server-rendered HTML in `#root` and the
   * stylesheet inlined, so the first paint needs neither a script nor a second request, and
   * the app's scripts loaded only once that HTML is painted (loadScriptsAfterPaint).
   * The shell itself stays as it is for every other path. Compressed by `compress`, not on this
   * thread: brotli at its best quality takes ~200 ms a page, which held up requests and the
   * rest of start-up while the pages were added (decision 0030); the prerender hands in its child
   * process, where brotli's memory goes when the child exits.
   */
  async addRenderedPage(
    urlPath: string,
    appHtml: string,
    compress: Compress = compressHere,
  ): Promise<void> {
    let text = this.headed(urlPath, this.shellSource).replace(
      '<div id="root"></div>',
      `<div id="root">${appHtml}</div>`,
    );
    text = text.replace(
      /<link rel="stylesheet"[^>]*href="(\/assets\/[^"]+\.css)"[^>]*>/g,
      (tag, href) => {
        const css = this.files.get(href)?.variants.find((v) => v.encoding === null)?.body;
        return css ? `<style>${css.toString('utf8')}</style>` : tag;
      },
    );
    // Without the loader (an older build) the scripts stay where they are.
    if (this.files.has(AFTER_PAINT_LOADER)) text = loadScriptsAfterPaint(text);
    const body = Buffer.from(this.renderHtml(text));
    const page = fileOf(body, '.html', 'no-cache', this.htmlHeaders, await compress(body));
    this.pages.set(urlPath, page);
  }

  /** What a GET/HEAD of `urlPath` (no query) answers with. */
  lookup(urlPath: string): StaticFile | null {
    const file = this.files.get(urlPath);
    if (file) return file;
    if (urlPath.startsWith('/assets/')) return null;
    const page = urlPath.length > 1 && urlPath.endsWith('/') ? urlPath.slice(0, -1) : urlPath;
    return this.pages.get(page) ?? this.shell;
  }

  respond(
    urlPath: string,
    req: { acceptEncoding?: string | null; ifNoneMatch?: string | null },
  ): StaticResponse {
    const file = this.lookup(urlPath);
    return file ? respondWith(file, req) : NOT_FOUND;
  }
}

/** A file's answer: the representation the client accepts, or 304 when it has it already. */
export function respondWith(
  file: StaticFile,
  req: { acceptEncoding?: string | null; ifNoneMatch?: string | null },
): StaticResponse {
  const variant = pickVariant(file, req.acceptEncoding ?? '');
  if (
    req.ifNoneMatch &&
    file.variants.some((v) => matchesEtag(req.ifNoneMatch ?? undefined, v.etag))
  ) {
    return { status: 304, headers: variant.headers, body: null };
  }
  return { status: 200, headers: variant.headers, body: variant.body };
}

/**
 * Public file (src/web/public), hand-minified: once the browser reports the page's first
 * contentful paint (a PerformanceObserver, so the paint is really on screen, not just drawn),
 * appends #app-scripts' content to the head. A page opened in a background tab is painted, and
 * so hydrated, when it is first shown.
 */
const AFTER_PAINT_LOADER = '/load-app-after-paint.js';
const APP_SCRIPT = /<script type="module"[^>]*><\/script>|<link rel="modulepreload"[^>]*>/g;

/**
 * On a server-rendered page the scripts only attach the app to HTML that is already there, so
 * they wait in an inert <template> until the page has been painted once; the loader (a few
 * bytes, run after parsing) then appends them. Otherwise, whenever they arrive before the
 * first frame (a fast network, a warm cache) the browser runs them, and React's start, before
 * painting anything: the landing's Lighthouse LCP was 1.6 s against 0.8 s for its HTML without
 * scripts. The shell keeps its scripts as they are: there they are what paints the page.
 */
function loadScriptsAfterPaint(html: string): string {
  const scripts: string[] = [];
  const rest = html.replace(APP_SCRIPT, (tag) => {
    scripts.push(tag);
    return '';
  });
  if (!scripts.length) return html;
  return rest.replace(
    '</body>',
    `<template id="app-scripts">${scripts.join('')}</template>` +
      `<script type="module" src="${AFTER_PAINT_LOADER}"></script></body>`,
  );
}

const quickBrotli = (body: Buffer) =>
  zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } });
const quickGzip = (body: Buffer) => zlib.gzipSync(body, { level: 6 });

/** Quick, not best: a record's page is made while its visitor waits. */
const fastCompress: Compress = async (body) => ({ br: quickBrotli(body), gz: quickGzip(body) });

const NOT_FOUND: StaticResponse = {
  status: 404,
  headers: { 'Content-Type': 'text/plain; charset=utf-8', 'X-Content-Type-Options': 'nosniff' },
  body: Buffer.from('Not found'),
};

function makeFile(
  body: Buffer,
  ext: string,
  cacheControl: string,
  extraHeaders: Record<string, string>,
  diskPath: string | null,
): StaticFile {
  const read = (suffix: string) =>
    diskPath && fs.existsSync(diskPath + suffix) ? fs.readFileSync(diskPath + suffix) : null;
  // Without the build's copies (`npm start` makes them in the background after a build:
  // decision 0065) quickly compressed ones: brotli 11 of the whole app held the first start
  // back by seconds, quality 5 takes a tenth of that.
  const compressed = compressible(ext, body)
    ? { br: read('.br') ?? quickBrotli(body), gz: read('.gz') ?? quickGzip(body) }
    : null;
  return fileOf(body, ext, cacheControl, extraHeaders, compressed);
}

const compressible = (ext: string, body: Buffer) => COMPRESSIBLE.test(ext) && body.length >= 1024;

/** A file's variants; `compressed` is ignored where compressing would not pay (small, binary). */
function fileOf(
  body: Buffer,
  ext: string,
  cacheControl: string,
  extraHeaders: Record<string, string>,
  compressed: { br: Buffer; gz: Buffer } | null,
): StaticFile {
  const hash = createHash('sha256').update(body).digest('base64url').slice(0, 22);
  const compress = compressible(ext, body);
  const br = compress ? (compressed?.br ?? null) : null;
  const gz = compress ? (compressed?.gz ?? null) : null;
  const base = {
    'Content-Type': TYPES[ext] ?? 'application/octet-stream',
    'Cache-Control': cacheControl,
    'X-Content-Type-Options': 'nosniff',
    ...(compress ? { Vary: 'Accept-Encoding' } : {}),
    ...extraHeaders,
  };
  const variant = (encoding: Variant['encoding'], data: Buffer, tag: string): Variant => ({
    encoding,
    body: data,
    etag: `"${hash}${tag}"`,
    headers: {
      ...base,
      ...(encoding ? { 'Content-Encoding': encoding } : {}),
      'Content-Length': String(data.length),
      ETag: `"${hash}${tag}"`,
    },
  });
  const variants = [variant(null, body, '')];
  if (br) variants.push(variant('br', br, '.br'));
  if (gz) variants.push(variant('gzip', gz, '.gz'));
  return { isHtml: ext === '.html', variants };
}

const ACCEPTS = { br: /\bbr\b/, gzip: /\bgzip\b/ };

function pickVariant(file: StaticFile, acceptEncoding: string): Variant {
  const [identity, ...compressed] = file.variants;
  for (const v of compressed) {
    if (v.encoding && ACCEPTS[v.encoding].test(acceptEncoding)) return v;
  }
  return identity as Variant;
}
