import { and, eq, inArray, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../client.ts';

/**
 * The columns a durable queue table has (`jobs`, `agent_inbox`, `agent_outbox`): `status`
 * 'pending' until a terminal state, a claim counter, when it is due, and the lease.
 */
interface QueueColumns {
  status: PgColumn;
  attempts: PgColumn;
  nextAttemptAt: PgColumn;
  lockedBy: PgColumn;
  lockedUntil: PgColumn;
  lastError: PgColumn;
}

/** What a claim handed out: the row's key and the lease that goes with it (its fencing token). */
export interface Lease {
  lockedBy: string | null;
  attempts: number;
}

/**
 * The one implementation of claim / lease / settle for every durable queue. Each table keeps its
 * own rows, key and terminal states (jobs 'done', inbox 'done', outbox 'sent'; 'failed' is the
 * dead letter everywhere); `order` says who leaves first. Every write after the claim is fenced
 * by the lease: it applies only while the row is still pending under this claim (same worker,
 * same attempt), so a worker whose lease ran out and was taken over settles nothing.
 */
export function defineQueue<
  T extends PgTable & QueueColumns,
  K extends keyof T['$inferSelect'] & keyof T & string,
>(spec: { table: T; idKey: K; order: (SQL | PgColumn)[] }) {
  type Row = T['$inferSelect'];
  type Held = Pick<Row, K> & Lease;
  type Changes = Partial<T['$inferInsert']>;
  // Drizzle cannot check column writes on a generic table; the public types above do.
  const table = spec.table as PgTable & QueueColumns;
  const id = spec.table[spec.idKey] as unknown as PgColumn;
  const keyOf = (row: Pick<Row, K>) => (row as Record<K, unknown>)[spec.idKey];

  const heldBy = (row: Held) =>
    and(
      eq(id, keyOf(row)),
      eq(table.status, 'pending'),
      eq(table.lockedBy, row.lockedBy ?? ''),
      eq(table.attempts, row.attempts),
    );

  /**
   * Claims up to `limit` due rows for this worker: pending, due, not leased (or with an expired
   * lease: its worker died), in `order`. FOR UPDATE SKIP LOCKED lets several processes claim at
   * once on PostgreSQL without waiting on or taking each other's rows; PGlite runs the same SQL.
   */
  async function claim(
    db: Db,
    opts: {
      workerId: string;
      limit: number;
      leaseMs: number;
      now: Date;
      /** Narrows the claim (kinds, one row). */
      where?: SQL;
      /** Also before it is due: the request that queued a row may run it itself, at once. */
      early?: boolean;
    },
  ): Promise<Row[]> {
    if (opts.limit <= 0) return [];
    // A row stamped by the database's now() (microseconds) in the millisecond the app's clock is
    // in is due: `now` has milliseconds only, so `<= now` left a job queued a fraction of a
    // millisecond before its first drain for the next pass (a pushed mention waited on the worker).
    const dueBy = new Date(opts.now.getTime() + 1);
    return db.transaction(async (tx) => {
      const due = await tx
        .select({ id })
        .from(table)
        .where(
          and(
            eq(table.status, 'pending'),
            opts.early ? undefined : lt(table.nextAttemptAt, dueBy),
            or(isNull(table.lockedUntil), lt(table.lockedUntil, opts.now)),
            opts.where,
          ),
        )
        .orderBy(...spec.order)
        .limit(opts.limit)
        .for('update', { skipLocked: true });
      if (due.length === 0) return [];
      const rows = (await tx
        .update(table)
        .set({
          lockedBy: opts.workerId,
          lockedUntil: new Date(opts.now.getTime() + opts.leaseMs),
          attempts: sql`${table.attempts} + 1`,
        } as never)
        .where(
          inArray(
            id,
            due.map((d) => d.id),
          ),
        )
        .returning()) as Row[];
      const position = new Map(due.map((d, i) => [d.id, i]));
      return rows.sort((a, b) => position.get(keyOf(a))! - position.get(keyOf(b))!);
    });
  }

  /** Writes `changes` while this claim still holds the row; `release` also ends the lease. */
  async function write(db: Db, row: Held, changes: Changes, release: boolean) {
    const lease = release ? { lockedBy: null, lockedUntil: null } : {};
    const rows = await db
      .update(table)
      .set({ ...changes, ...lease } as never)
      .where(heldBy(row))
      .returning({ id });
    return rows.length > 0;
  }

  return {
    claim,
    /** Ends the job: `changes` names its terminal status and what it produced. */
    finish: (db: Db, row: Held, changes: Changes & { status: Row['status'] }) =>
      write(db, row, changes, true),
    /** The dead letter: `failed`, kept with its error for a person (and its author) to see. */
    deadLetter: (db: Db, row: Held, opts: { error: string; changes?: Changes }) =>
      write(
        db,
        row,
        { ...opts.changes, status: 'failed', lastError: cut(opts.error) } as Changes,
        true,
      ),
    /** Releases the lease; the row runs again at `at`. `refund` undoes the claim's attempt. */
    retry: (db: Db, row: Held, opts: { error: string; at: Date; refund?: boolean }) =>
      write(
        db,
        row,
        {
          lastError: cut(opts.error),
          nextAttemptAt: opts.at,
          ...(opts.refund ? { attempts: sql`greatest(${table.attempts} - 1, 0)` } : {}),
        } as Changes,
        true,
      ),
    /**
     * Extends the lease of the rows this claim still holds to `until`, in one statement, and
     * returns their keys: a worker working through a batch keeps the rows it has not reached,
     * so short leases are not taken over while they wait their turn. A row missing from the
     * answer was taken over (or settled) and must not be worked on.
     */
    async renew(db: Db, rows: Held[], until: Date): Promise<Set<unknown>> {
      if (rows.length === 0) return new Set();
      const renewed = await db
        .update(table)
        .set({ lockedUntil: until } as never)
        .where(or(...rows.map(heldBy)))
        .returning({ id });
      return new Set(renewed.map((r) => r.id));
    },
    /** Records `changes` (progress, a longer lease) without giving the row up. */
    touch: (db: Db, row: Held, changes: Changes) => write(db, row, changes, false),
    /**
     * A stopping worker gives back every row it still leases: free at once for another worker
     * (not after the lease runs out), the claim's attempt undone. A step of this worker still
     * running settles nothing afterwards (its writes are fenced by the lease). Returns how many.
     */
    async handBack(db: Db, workerId: string): Promise<number> {
      const rows = await db
        .update(table)
        .set({
          lockedBy: null,
          lockedUntil: null,
          attempts: sql`greatest(${table.attempts} - 1, 0)`,
        } as never)
        .where(and(eq(table.status, 'pending'), eq(table.lockedBy, workerId)))
        .returning({ id });
      return rows.length;
    },
  };
}

const cut = (error: string) => error.slice(0, 500);
