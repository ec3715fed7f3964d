import { Hono } from 'hono';
import { pingDatabase } from '@/db/client.ts';
import type { ApiDeps } from '../deps.ts';
import type { FastJsonRoutes } from '../http/fast-json.ts';

const READY_TIMEOUT_MS = 2000;

/**
 * GET /api/health — liveness: the process answers; touches nothing else, so load balancers and
 * `npm start` waiters can poll it freely. GET /api/health/ready — readiness: the database
 * answers within 2 s (503 `database_unavailable` otherwise).
 */
export function healthRoutes(deps: ApiDeps, polls?: FastJsonRoutes) {
  const live = JSON.stringify({ ok: true, sandbox: deps.config.sandbox });
  // Liveness is a constant: the listener sends it from memory, like the polls (decision 0040).
  const liveBytes = new Uint8Array(Buffer.from(live));
  polls?.add('/api/health', {
    answer: () => ({
      status: 200,
      headers: {
        ...liveHeaders,
        'Content-Length': String(liveBytes.byteLength),
        'X-Content-Type-Options': 'nosniff',
      },
      body: liveBytes,
    }),
  });
  return new Hono()
    .get('/', () => new Response(live, { headers: liveHeaders }))
    .get('/ready', async (c) => {
      try {
        await withTimeout(pingDatabase(deps.db), READY_TIMEOUT_MS);
        return c.json({ ok: true, database: 'up' }, 200, { 'Cache-Control': 'no-store' });
      } catch (err) {
        deps.logger.warn({ err }, 'readiness: database unavailable');
        return c.json(
          { error: { code: 'database_unavailable', message: 'The database does not answer' } },
          503,
          { 'Cache-Control': 'no-store' },
        );
      }
    });
}

const liveHeaders = { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' };

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([p, timeout]).finally(() => clearTimeout(timer));
}
