import { and, asc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '@/db/client.ts';
import { twinFaults } from '../db/schema/index.ts';
import { faultMatches, pathUnder } from './match.ts';
import { KIND_COLUMN, type ParsedFaultSpec } from './spec.ts';

export type TwinFault = typeof twinFaults.$inferSelect;

export async function addFault(db: Db, service: string, basePath: string, spec: ParsedFaultSpec) {
  const now = Date.now();
  const [row] = await db
    .insert(twinFaults)
    .values({
      service,
      kind: KIND_COLUMN[spec.kind],
      pathPattern: pathUnder(basePath, spec.path),
      method: spec.method ?? null,
      status: spec.status ?? null,
      delayMs: spec.delayMs ?? 0,
      timeoutMs: spec.timeoutMs ?? null,
      reset: spec.reset ?? false,
      afterHandling: spec.afterHandling ?? false,
      // Neither a count nor a duration: one request, as the local X's faults always were.
      remaining: spec.count ?? (spec.durationMs === undefined ? 1 : null),
      expiresAt: spec.durationMs === undefined ? null : new Date(now + spec.durationMs),
      createdAt: new Date(now),
    })
    .returning();
  return row!;
}

/** Faults still in force: uses left (or unlimited) and not expired. */
function inForce(service: string) {
  return and(
    eq(twinFaults.service, service),
    or(isNull(twinFaults.remaining), gt(twinFaults.remaining, 0)),
    or(isNull(twinFaults.expiresAt), gt(twinFaults.expiresAt, new Date())),
  );
}

export function listFaults(db: Db, service: string) {
  return db.select().from(twinFaults).where(inForce(service)).orderBy(asc(twinFaults.id));
}

export async function clearFaults(db: Db, service: string) {
  await db.delete(twinFaults).where(eq(twinFaults.service, service));
}

/** Takes one use of the oldest request fault matching this request, if any. */
export async function takeFault(db: Db, service: string, method: string, path: string) {
  const active = await listFaults(db, service);
  return takeFirst(
    db,
    active.filter(
      (f) =>
        f.kind === 'request' &&
        (!f.method || f.method === method) &&
        faultMatches(f.pathPattern, path),
    ),
  );
}

/** Takes one use of the oldest fault of this kind (the local X's lost deliveries), if any. */
export async function takeKindFault(db: Db, service: string, kind: 'drop_deliveries') {
  const active = await listFaults(db, service);
  return takeFirst(
    db,
    active.filter((f) => f.kind === kind),
  );
}

async function takeFirst(db: Db, candidates: TwinFault[]) {
  for (const fault of candidates) {
    if (fault.remaining === null) return fault;
    const [taken] = await db
      .update(twinFaults)
      .set({ remaining: sql`${twinFaults.remaining} - 1` })
      .where(and(eq(twinFaults.id, fault.id), gt(twinFaults.remaining, 0)))
      .returning();
    if (taken) return taken;
  }
  return null;
}

/** The network-wide fault of this kind in force (the latest), if any. */
export async function networkFault(
  db: Db,
  service: string,
  kind: 'stall_snapshots' | 'explorer_lag',
) {
  const active = await listFaults(db, service);
  return active.filter((f) => f.kind === kind).at(-1) ?? null;
}
