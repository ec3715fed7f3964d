import { promisify } from 'node:util';
import zlib from 'node:zlib';

/**
 * The one setting of every compressed body the server sends: brotli at its best quality and
 * gzip at level 9, made once (at build or start) and served many times. Plain JSON, so the
 * prerender's child process (prerender-child.ts) is handed the very same options.
 */
export const BROTLI_BEST = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } };
export const GZIP_BEST = { level: 9 };

export interface Compressed {
  br: Buffer;
  gz: Buffer;
}

/** Makes a body's brotli and gzip variants (where is up to the implementation). */
export type Compress = (body: Buffer) => Promise<Compressed>;

const brotliCompress = promisify(zlib.brotliCompress);
const gzipCompress = promisify(zlib.gzip);

/**
 * In this process, on libuv's threads. Brotli 11 allocates tens of MiB of windows and hash
 * tables, and the glibc arena of the thread that ran it keeps its peak resident for the life of
 * the process (decision 0030): the server's prerendered pages are compressed in the prerender's
 * child process instead; this is for the rest (tests, a page added without the child).
 */
export const compressHere: Compress = async (body) => {
  const [br, gz] = await Promise.all([
    brotliCompress(body, BROTLI_BEST),
    gzipCompress(body, GZIP_BEST),
  ]);
  return { br, gz };
};
