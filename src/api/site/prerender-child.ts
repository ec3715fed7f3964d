import { spawn } from 'node:child_process';
import type { PublicConfig } from '@/shared/public-config.ts';
import { BROTLI_BEST, type Compress, type Compressed, GZIP_BEST } from './compress-best.ts';

export type Rendered = { page: string; html: string } | { page: string; error: string };
type FromChild = Rendered | { done: true } | ({ id: number } & (Compressed | { error: string }));

export interface Renderer {
  /** The pages, each as it is rendered; ends when all are (or the child is gone). */
  pages: AsyncIterable<Rendered>;
  /** A body's brotli and gzip variants, made in the child. */
  compress: Compress;
  /** Lets the child exit: call once nothing more is to be compressed. */
  close(): void;
  /** Settles when the child has exited. */
  exited: Promise<void>;
}

/**
 * A child node process that renders the pages with the web app's server build, then compresses
 * the bodies the server makes of them, and exits when closed (or when this process goes). The
 * server build pulls in React's server renderer, the UI libraries and every icon module (some
 * 2,000 ES modules, ~45 MiB), and brotli 11 tens of MiB of windows that the malloc arena of the
 * thread that ran it keeps for good: in a child, all of it goes with the child (decision 0030).
 * Not a worker thread: its arena (~20 MiB) outlived it. The web app reads its config from the page;
 * here there is none, so it is handed over first. Plain JavaScript, evaluated: the same code runs
 * under tsx and in the compiled server. Messages over IPC (`advanced`: buffers go as they are).
 */
export function startRenderer(
  entry: string,
  pages: readonly string[],
  publicConfig: PublicConfig,
): Renderer {
  const best = JSON.stringify({ br: BROTLI_BEST, gz: GZIP_BEST });
  const child = spawn(
    process.execPath,
    ['-e', CHILD_SOURCE, entry, JSON.stringify(pages), JSON.stringify(publicConfig), best],
    { stdio: ['ignore', 'ignore', 'inherit', 'ipc'], serialization: 'advanced' },
  );
  const rendered: Rendered[] = [];
  let any = false;
  let ended = false;
  let wake = () => {};
  const asked = new Map<number, { resolve: (c: Compressed) => void; reject: (e: Error) => void }>();
  let nextId = 0;
  const end = (why: string) => {
    if (!any) rendered.push({ page: '*', error: why });
    any = true;
    ended = true;
    for (const { reject } of asked.values()) reject(new Error(why));
    asked.clear();
    wake();
  };
  const exited = new Promise<void>((resolve) => {
    // `on`, not `once`: a send to a child that has just exited fails with another 'error'.
    child.on('error', (err) => {
      end(err.message);
      resolve();
    });
    child.once('exit', (code, signal) => {
      end(`the renderer exited (${signal ?? code})`);
      resolve();
    });
  });
  child.on('message', (m: FromChild) => {
    if ('id' in m) {
      const reply = asked.get(m.id);
      asked.delete(m.id);
      if ('error' in m) reply?.reject(new Error(m.error));
      else reply?.resolve({ br: asBuffer(m.br), gz: asBuffer(m.gz) });
      return;
    }
    if ('done' in m) ended = true;
    else rendered.push(m);
    any = true;
    wake();
  });
  async function* renderedPages() {
    for (;;) {
      const next = rendered.shift();
      if (next) yield next;
      else if (ended) return;
      else await new Promise<void>((r) => (wake = r));
    }
  }
  return {
    pages: renderedPages(),
    compress: (body) =>
      new Promise((resolve, reject) => {
        if (!child.connected) return reject(new Error('the renderer has exited'));
        const id = nextId++;
        asked.set(id, { resolve, reject });
        child.send({ id, body });
      }),
    close: () => {
      if (child.connected) child.disconnect();
    },
    exited,
  };
}

const asBuffer = (u: Uint8Array) => Buffer.from(u.buffer, u.byteOffset, u.byteLength);

const CHILD_SOURCE = `
const { pathToFileURL } = require('node:url');
const { promisify } = require('node:util');
const zlib = require('node:zlib');
const [entry, pages, config, best] = process.argv.slice(1);
globalThis.__UPSIDER_PUBLIC_CONFIG__ = JSON.parse(config);
const { br: brotliBest, gz: gzipBest } = JSON.parse(best);
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const message = (err) => String((err && err.message) || err);
// Nothing to tell once the server has closed the channel (or is gone).
const say = (m) => process.connected && process.send(m);
process.on('message', async ({ id, body }) => {
  try {
    const data = Buffer.from(body.buffer, body.byteOffset, body.byteLength);
    const [br, gz] = await Promise.all([brotli(data, brotliBest), gzip(data, gzipBest)]);
    say({ id, br, gz });
  } catch (err) {
    say({ id, error: message(err) });
  }
});
(async () => {
  const { renderPage } = await import(pathToFileURL(entry).href);
  for (const page of JSON.parse(pages)) {
    try {
      say({ page, html: await renderPage(page) });
    } catch (err) {
      say({ page, error: message(err) });
    }
  }
})()
  .catch((err) => say({ page: '*', error: message(err) }))
  .finally(() => say({ done: true }));
`;
