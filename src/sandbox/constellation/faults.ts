import type { MiddlewareHandler } from 'hono';
import type { Db } from '@/db/client.ts';
import { networkFault } from '../faults/store.ts';

/** An injected `stallSnapshots` fault is in force: the L0 timer makes no snapshot. */
export async function snapshotsStalled(db: Db) {
  return (await networkFault(db, 'constellation', 'stall_snapshots')) !== null;
}

/**
 * An injected `explorerLag` fault: the block explorer (`/be/*`) stops advancing. Each URL is
 * answered as it was the first time it was asked during the fault (an indexer stuck behind the
 * network: its lag grows for as long as the fault lasts); once the fault ends, live answers again.
 * The frozen answers live in this process only (each API process freezes at its own first look).
 */
export function explorerLag(db: Db): MiddlewareHandler {
  let frozen: { faultId: number; answers: Map<string, { status: number; body: string }> } | null =
    null;
  return async (c, next) => {
    if (c.req.method !== 'GET') return next();
    const fault = await networkFault(db, 'constellation', 'explorer_lag');
    if (!fault) {
      frozen = null;
      return next();
    }
    if (frozen?.faultId !== fault.id) frozen = { faultId: fault.id, answers: new Map() };
    const key = c.req.url;
    const seen = frozen.answers.get(key);
    if (seen) {
      return c.body(seen.body, seen.status as 200, { 'content-type': 'application/json' });
    }
    await next();
    const body = await c.res.clone().text();
    frozen.answers.set(key, { status: c.res.status, body });
  };
}
