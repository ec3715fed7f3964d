import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { Context, MiddlewareHandler } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { xFaults } from '../db/schema/index.ts';
import type { XEnv } from './context.ts';
import { problem, statusProblem } from './problems.ts';
import { FIFTEEN_MINUTES, setRateHeaders } from './rate-limit.ts';

export interface FaultSpec {
  /** Path under the local X (`/2/tweets`) or with the mount (`/sandbox/x/2/tweets`). */
  path: string;
  /** Answered instead of the real handling; without it the request is only delayed. */
  status?: number;
  /** Holds the request this long first (X being slow: a lookup the webhook must not wait on). */
  delayMs?: number;
  count: number;
  method?: string;
}

/**
 * Patterns: an exact path, or `*` as a wildcard for any characters (`/2/*` = every API path,
 * `/2/users/*\/mentions` = every mentions timeline). The query string is never compared.
 */
export function faultMatches(pattern: string, path: string): boolean {
  const parts = pattern.split('*').map((p) => p.replace(/[.+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${parts.join('.*')}$`).test(path);
}

export function normalizeFaultPath(env: XEnv, path: string): string {
  const stripped = path.startsWith(`${env.basePath}/`) ? path.slice(env.basePath.length) : path;
  return stripped.startsWith('/') ? stripped : `/${stripped}`;
}

export async function addFault(env: XEnv, spec: FaultSpec) {
  const [row] = await env.db
    .insert(xFaults)
    .values({
      pathPattern: normalizeFaultPath(env, spec.path),
      method: spec.method?.toUpperCase() ?? null,
      status: spec.status ?? null,
      delayMs: spec.delayMs ?? 0,
      remaining: spec.count,
      createdAt: env.now(),
    })
    .returning();
  return row!;
}

export async function clearFaults(env: XEnv) {
  await env.db.delete(xFaults);
}

/** Takes one use of the oldest fault matching this request, if any. */
async function takeFault(env: XEnv, method: string, path: string) {
  const active = await env.db
    .select()
    .from(xFaults)
    .where(gt(xFaults.remaining, 0))
    .orderBy(asc(xFaults.id));
  for (const fault of active) {
    if (fault.method && fault.method !== method) continue;
    if (!faultMatches(fault.pathPattern, path)) continue;
    const [taken] = await env.db
      .update(xFaults)
      .set({ remaining: sql`${xFaults.remaining} - 1` })
      .where(and(eq(xFaults.id, fault.id), gt(xFaults.remaining, 0)))
      .returning();
    if (taken) return taken;
  }
  return null;
}

/**
 * Answers injected faults before any real handling (admin routes are never faulted): a delay
 * holds the request (real time, not the sandbox clock: it stands for X being slow), then the
 * fault's status is answered, or without one the request is handled as usual.
 */
export function faultInjection(env: XEnv): MiddlewareHandler {
  return async (c, next) => {
    const path = normalizeFaultPath(env, c.req.path);
    if (path.startsWith('/_admin')) return next();
    const fault = await takeFault(env, c.req.method, path);
    if (!fault) return next();
    if (fault.delayMs > 0) await new Promise((r) => setTimeout(r, fault.delayMs));
    if (fault.status === null) return next();
    return faultResponse(c, env, fault.status);
  };
}

function faultResponse(c: Context, env: XEnv, status: number) {
  if (status === 429) {
    const reset = Math.floor((env.now().getTime() + FIFTEEN_MINUTES) / 1000);
    const limit = limitFor(env, c.req.method, normalizeFaultPath(env, c.req.path));
    setRateHeaders(c, { limit, remaining: 0, reset, exceeded: true });
  }
  return problem(c, status as ContentfulStatusCode, statusProblem(status));
}

/** The real window size of the endpoint a 429 fault stands in for. */
function limitFor(env: XEnv, method: string, path: string): number {
  const l = env.limits;
  if (path === '/2/users/me') return l.usersMe;
  if (/^\/2\/users\/[^/]+\/mentions$/.test(path)) return l.mentions;
  if (/^\/2\/users\/[^/]+\/tweets$/.test(path)) return l.userTweets;
  if (path === '/2/tweets') return method === 'GET' ? l.tweetLookup : l.tweetCreate;
  if (path.startsWith('/2/tweets/')) return method === 'DELETE' ? l.tweetDelete : l.tweetLookup;
  return l.usersLookup;
}
