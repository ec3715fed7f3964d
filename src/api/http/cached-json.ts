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
 *   last body. After `idleAfterMs` without a request the ticking stops; the next request restarts
 *   it. A body older than `maxStaleMs` (default two intervals) is not served: that request waits
 *   for the fresh one, so a visitor after a quiet hour never sees an hour-old board.
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
  maxStaleMs?: number;
  changedAtKey?: string;
  now?: () => Date;
  logger?: { warn: (obj: object, msg: string) => void };
}

/** What a poll sends that changes the answer. */
export interface PollRequest {
  acceptEncoding?: string | undefined;
  ifNoneMatch?: string | undefined;
}

/** An answer as status, headers and bytes, for the server's fast path (no Response object). */
export interface RawResponse {
  status: 200 | 304;
  headers: Record<string, string>;
  body: Uint8Array<ArrayBuffer> | null;
}

export interface CachedJson {
  /** Serves the stored body (or 304); never waits for a compute except the very first one. */
  respond(c: Context): Promise<Response>;
  /** The stored body as a raw answer, or null while there is none yet (then use `respond`). */
  answer(req: PollRequest): RawResponse | null;
  /** Recompute soon (after a change). Resolves when the new body is stored. */
  refresh(): Promise<void>;
  /** The stored body and its times, for tests and health checks. */
  peek(): Snapshot | null;
  stop(): void;
}

interface Snapshot {
  json: Uint8Array<ArrayBuffer>;
  gzip: Uint8Array<ArrayBuffer> | null;
  etag: string;
  /** The gzip body is another representation, so it has its own strong tag. */
  gzipEtag: string;
  computedAt: Date;
  changedAt: Date;
  /** Wall-clock ms of the last compute, for staleness (`now` may be a test's fake clock). */
  computedAtMs: number;
}

const GZIP_MIN_BYTES = 1024;

export function createCachedJson<T>(opts: CachedJsonOptions<T>): CachedJson {
  const intervalMs = opts.intervalMs ?? 1000;
  const idleAfterMs = opts.idleAfterMs ?? 30_000;
  const maxStaleMs = opts.maxStaleMs ?? 2 * intervalMs;
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
      snapshot = { ...snapshot, computedAt, computedAtMs: Date.now() };
      return;
    }
    valueJson = json;
    const body = opts.changedAtKey
      ? JSON.stringify({ ...value, [opts.changedAtKey]: computedAt.toISOString() })
      : json;
    const hash = createHash('sha256').update(body).digest('base64url').slice(0, 22);
    snapshot = {
      json: new Uint8Array(Buffer.from(body)),
      gzip: body.length >= GZIP_MIN_BYTES ? new Uint8Array(gzipSync(body)) : null,
      etag: `"${hash}"`,
      gzipEtag: `"${hash}.gz"`,
      computedAt,
      changedAt: computedAt,
      computedAtMs: Date.now(),
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

  const isStale = (s: Snapshot | null) => !s || Date.now() - s.computedAtMs > maxStaleMs;

  /** Keeps the background compute going while polled; waits when there is no fresh body. */
  async function touch() {
    lastRequestAt = Date.now();
    if (!timer) {
      timer = setInterval(tick, intervalMs);
      timer.unref();
      void refresh();
    }
    if (isStale(snapshot)) await (running ?? refresh());
  }

  /** The fast path: only a fresh body; otherwise the route's `respond` waits for one. */
  function answer(req: PollRequest): RawResponse | null {
    const s = snapshot;
    if (!s || isStale(s)) return null;
    lastRequestAt = Date.now();
    if (!timer) void touch();
    return build(s, req);
  }

  function build(s: Snapshot, req: PollRequest): RawResponse {
    const gzip = s.gzip && /\bgzip\b/.test(req.acceptEncoding ?? '') ? s.gzip : null;
    const headers: Record<string, string> = {
      'Cache-Control': 'no-cache',
      ETag: gzip ? s.gzipEtag : s.etag,
      'Last-Modified': s.changedAt.toUTCString(),
      Age: String(Math.max(0, Math.floor((now().getTime() - s.computedAt.getTime()) / 1000))),
      Vary: 'Accept-Encoding',
      // What the API's security middleware adds to every non-HTML answer.
      'X-Content-Type-Options': 'nosniff',
    };
    if (matchesEtag(req.ifNoneMatch, s.etag) || matchesEtag(req.ifNoneMatch, s.gzipEtag)) {
      return { status: 304, headers, body: null };
    }
    headers['Content-Type'] = 'application/json';
    if (gzip) headers['Content-Encoding'] = 'gzip';
    const bytes = gzip ?? s.json;
    headers['Content-Length'] = String(bytes.byteLength);
    return { status: 200, headers, body: bytes };
  }

  async function respond(c: Context): Promise<Response> {
    await touch();
    // A body that is still stale here means the compute failed: the last good one is served.
    const s = snapshot;
    if (!s) {
      return c.json(
        { error: { code: 'not_ready', message: `${opts.name} is not available yet` } },
        503,
      );
    }
    const r = build(s, {
      acceptEncoding: c.req.header('accept-encoding'),
      ifNoneMatch: c.req.header('if-none-match'),
    });
    return new Response(r.body, { status: r.status, headers: r.headers });
  }

  return { respond, answer, refresh, peek: () => snapshot, stop };
}

// Not hono/etag: the fast path answers 304s without Hono, and keeps Age/Last-Modified (0040).
/** `If-None-Match` may list several tags, or `*`; weak comparison as RFC 9110 asks for 304s. */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((t) => t.trim().replace(/^W\//, '') === etag);
}
