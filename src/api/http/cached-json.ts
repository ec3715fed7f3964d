import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { Context } from 'hono';

/**
 * A poll endpoint's body, computed in the background and served pre-serialized.
 *
 *   const status = createCachedJson({ name: 'agent status', compute: () => query(db), logger });
 *   app.get('/status', (c) => status.respond(c));
 *   // after a write that changes it: status.refresh();
 *
 * - `compute()` runs at most once at a time: at the first request, every `intervalMs` while the
 *   endpoint is being polled, and on `refresh()` (coalesced). Requests never run it; they get the
 *   last body. After `idleAfterMs` without a request the ticking stops; the next request gets the
 *   stored body and restarts it (stale-while-revalidate).
 * - Strong ETag over the body; `If-None-Match` → 304. `Cache-Control: no-cache` makes browsers
 *   revalidate every poll. Bodies ≥ 1 KiB are also kept gzipped.
 * - How old the data is: the `Age` header (seconds since the body was last computed) and
 *   `Last-Modified` (when its content last changed). With `changedAtKey`, the body also carries
 *   that change time under this key; it is left out of the comparison, so an unchanged value
 *   keeps its ETag and polls keep getting 304.
 * - A failing compute keeps the last good body (its Age grows) and is logged; before any success
 *   requests get 503 `not_ready`.
 */
export interface CachedJsonOptions<T> {
  name: string;
  compute: () => Promise<T>;
  intervalMs?: number;
  idleAfterMs?: number;
  changedAtKey?: string;
  now?: () => Date;
  logger?: { warn: (obj: object, msg: string) => void };
}

export interface CachedJson {
  /** Serves the stored body (or 304); never waits for a compute except the very first one. */
  respond(c: Context): Promise<Response>;
  /** Recompute soon (after a change). Resolves when the new body is stored. */
  refresh(): Promise<void>;
  /** The stored body and its times, for tests and health checks. */
  peek(): Snapshot | null;
  stop(): void;
}

interface Snapshot {
  json: string;
  gzip: Uint8Array<ArrayBuffer> | null;
  etag: string;
  /** The gzip body is another representation, so it has its own strong tag. */
  gzipEtag: string;
  computedAt: Date;
  changedAt: Date;
}

const GZIP_MIN_BYTES = 1024;

export function createCachedJson<T>(opts: CachedJsonOptions<T>): CachedJson {
  const intervalMs = opts.intervalMs ?? 1000;
  const idleAfterMs = opts.idleAfterMs ?? 30_000;
  const now = opts.now ?? (() => new Date());
  let snapshot: Snapshot | null = null;
  let valueJson = '';
  let running: Promise<void> | null = null;
  let again = false;
  let timer: NodeJS.Timeout | null = null;
  let lastRequestAt = 0;

  async function computeOnce() {
    const value = await opts.compute();
    const computedAt = now();
    const json = JSON.stringify(value);
    if (snapshot && json === valueJson) {
      snapshot = { ...snapshot, computedAt };
      return;
    }
    valueJson = json;
    const body = opts.changedAtKey
      ? JSON.stringify({ ...value, [opts.changedAtKey]: computedAt.toISOString() })
      : json;
    const hash = createHash('sha256').update(body).digest('base64url').slice(0, 22);
    snapshot = {
      json: body,
      gzip: body.length >= GZIP_MIN_BYTES ? new Uint8Array(gzipSync(body)) : null,
      etag: `"${hash}"`,
      gzipEtag: `"${hash}.gz"`,
      computedAt,
      changedAt: computedAt,
    };
  }

  function refresh(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        try {
          await computeOnce();
        } catch (err) {
          opts.logger?.warn({ err, name: opts.name }, 'cached json: compute failed');
        }
      } while (again);
    })().finally(() => {
      running = null;
    });
    return running;
  }

  function tick() {
    if (Date.now() - lastRequestAt > idleAfterMs) {
      stop();
      return;
    }
    void refresh();
  }

  function stop() {
    if (timer) clearInterval(timer);
    timer = null;
  }

  async function respond(c: Context): Promise<Response> {
    lastRequestAt = Date.now();
    if (!timer) {
      timer = setInterval(tick, intervalMs);
      timer.unref();
      const first = refresh();
      if (!snapshot) await first;
    }
    const s = snapshot;
    if (!s) {
      return c.json(
        { error: { code: 'not_ready', message: `${opts.name} is not available yet` } },
        503,
      );
    }
    const gzip = s.gzip && /\bgzip\b/.test(c.req.header('accept-encoding') ?? '') ? s.gzip : null;
    const headers: Record<string, string> = {
      'Cache-Control': 'no-cache',
      ETag: gzip ? s.gzipEtag : s.etag,
      'Last-Modified': s.changedAt.toUTCString(),
      Age: String(Math.max(0, Math.floor((now().getTime() - s.computedAt.getTime()) / 1000))),
      Vary: 'Accept-Encoding',
    };
    const ifNoneMatch = c.req.header('if-none-match');
    if (matchesEtag(ifNoneMatch, s.etag) || matchesEtag(ifNoneMatch, s.gzipEtag)) {
      return new Response(null, { status: 304, headers });
    }
    headers['Content-Type'] = 'application/json';
    if (gzip) {
      headers['Content-Encoding'] = 'gzip';
      return new Response(gzip, { status: 200, headers });
    }
    return new Response(s.json, { status: 200, headers });
  }

  return { respond, refresh, peek: () => snapshot, stop };
}

/** `If-None-Match` may list several tags, or `*`; weak comparison as RFC 9110 asks for 304s. */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((t) => t.trim().replace(/^W\//, '') === etag);
}
