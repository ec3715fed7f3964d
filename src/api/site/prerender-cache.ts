import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Compress, Compressed } from './compress-best.ts';

/**
 * The prerendered pages of the last start, kept on disk so a restart adds them without the
 * renderer's child process: it loads ~2,000 modules and runs brotli 11 on every page, seconds of
 * CPU that a restart on a small machine spent while it was becoming ready (decision 0065).
 * The HTML is keyed by what renders it (the server build, the pages, the public config); the
 * compressed bodies by the body itself, so a changed shell or stylesheet compresses anew.
 */
interface Stored {
  key: string;
  pages: { page: string; html: string }[];
  /** sha256 of a body → its brotli and gzip variants, base64. */
  compressed: Record<string, { br: string; gz: string }>;
}

export function prerenderKey(ssrDir: string, pages: readonly string[], config: unknown): string {
  const hash = createHash('sha256').update(JSON.stringify([pages, config]));
  const files = fs.readdirSync(ssrDir, { recursive: true, withFileTypes: true });
  for (const f of files.filter((e) => e.isFile()).sort(byPath)) {
    const file = path.join(f.parentPath, f.name);
    hash.update(path.relative(ssrDir, file)).update(fs.readFileSync(file));
  }
  return hash.digest('base64url');
}

const byPath = (a: fs.Dirent, b: fs.Dirent) =>
  path.join(a.parentPath, a.name).localeCompare(path.join(b.parentPath, b.name));

const bodyHash = (body: Buffer) => createHash('sha256').update(body).digest('base64url');

/** What the last start stored for `key`, or null (none, another key, unreadable). */
export function readPrerendered(file: string, key: string) {
  let stored: Stored;
  try {
    stored = JSON.parse(fs.readFileSync(file, 'utf8')) as Stored;
  } catch {
    return null;
  }
  if (stored.key !== key || !Array.isArray(stored.pages)) return null;
  /** Compress from the store; rejects a body it does not hold (the caller renders anew). */
  const compress: Compress = async (body) => {
    const hit = stored.compressed[bodyHash(body)];
    if (!hit) throw new Error('not in the prerender cache');
    return { br: Buffer.from(hit.br, 'base64'), gz: Buffer.from(hit.gz, 'base64') };
  };
  return { pages: stored.pages, compress };
}

/** Collects what a render makes, then writes it for `key` (atomically). */
export function recordPrerendered(file: string, key: string) {
  const stored: Stored = { key, pages: [], compressed: {} };
  return {
    page(page: string, html: string) {
      stored.pages.push({ page, html });
    },
    /** `compress`, with each body's variants kept. */
    recording(compress: Compress): Compress {
      return async (body) => {
        const c: Compressed = await compress(body);
        stored.compressed[bodyHash(body)] = {
          br: c.br.toString('base64'),
          gz: c.gz.toString('base64'),
        };
        return c;
      };
    },
    save() {
      fs.mkdirSync(path.dirname(file), { recursive: true });
      const tmp = `${file}.${process.pid}.tmp`;
      fs.writeFileSync(tmp, JSON.stringify(stored));
      fs.renameSync(tmp, file);
    },
  };
}
