import { sql } from 'drizzle-orm';
import { startLoop } from '@/shared/loop.ts';
import type { Db } from './client.ts';
import { rowsOf } from './rows-of.ts';

/**
 * PGlite runs PostgreSQL in single-user mode, so autovacuum never runs: a long-lived embedded
 * database would never gather planner statistics (the settled-transfers sweep took 12 ms a round
 * without them, 4 ms after ANALYZE) nor reclaim the dead rows every state update leaves.
 * This job does autovacuum's work on autovacuum's own default thresholds (PostgreSQL docs,
 * "The Autovacuum Daemon"); on PostgreSQL the server's daemon does it and this never runs.
 */
export const AUTOVACUUM_DEFAULTS = {
  vacuumThreshold: 50,
  vacuumScaleFactor: 0.2,
  insertThreshold: 1000,
  insertScaleFactor: 0.2,
  analyzeThreshold: 50,
  analyzeScaleFactor: 0.1,
};

export interface TableActivity {
  schema: string;
  table: string;
  /** pg_class.reltuples: the row estimate of the last VACUUM/ANALYZE (-1 or 0 before any). */
  estimatedRows: number;
  deadRows: number;
  insertedSinceVacuum: number;
  modifiedSinceAnalyze: number;
}

export type Upkeep = 'vacuum analyze' | 'analyze';

/** What autovacuum would do to this table now, or null. VACUUM ANALYZE covers both needs. */
export function upkeepDue(t: TableActivity, d = AUTOVACUUM_DEFAULTS): Upkeep | null {
  const rows = Math.max(t.estimatedRows, 0);
  const vacuum =
    t.deadRows > d.vacuumThreshold + d.vacuumScaleFactor * rows ||
    t.insertedSinceVacuum > d.insertThreshold + d.insertScaleFactor * rows;
  if (vacuum) return 'vacuum analyze';
  if (t.modifiedSinceAnalyze > d.analyzeThreshold + d.analyzeScaleFactor * rows) return 'analyze';
  return null;
}

async function readActivity(db: Db): Promise<TableActivity[]> {
  const result = await db.execute(sql`
    select s.schemaname as schema, s.relname as table, c.reltuples::float8 as estimated_rows,
           s.n_dead_tup as dead_rows, s.n_ins_since_vacuum as inserted,
           s.n_mod_since_analyze as modified
    from pg_stat_user_tables s join pg_class c on c.oid = s.relid`);
  return rowsOf<Record<string, unknown>>(result).map((r) => ({
    schema: String(r.schema),
    table: String(r.table),
    estimatedRows: Number(r.estimated_rows),
    deadRows: Number(r.dead_rows),
    insertedSinceVacuum: Number(r.inserted),
    modifiedSinceAnalyze: Number(r.modified),
  }));
}

export interface UpkeepDone {
  table: string;
  upkeep: Upkeep;
  ms: number;
}

/** One autovacuum round: every table over a threshold, one statement each (none in a transaction). */
export async function maintainEmbeddedDatabase(db: Db): Promise<UpkeepDone[]> {
  const done: UpkeepDone[] = [];
  for (const t of await readActivity(db)) {
    const upkeep = upkeepDue(t);
    if (!upkeep) continue;
    const target = sql`${sql.identifier(t.schema)}.${sql.identifier(t.table)}`;
    const started = performance.now();
    await db.execute(upkeep === 'analyze' ? sql`analyze ${target}` : sql`vacuum analyze ${target}`);
    done.push({ table: `${t.schema}.${t.table}`, upkeep, ms: performance.now() - started });
  }
  return done;
}

interface MaintenanceLogger {
  debug(o: object, msg: string): void;
  info(o: object, msg: string): void;
  warn(o: object, msg: string): void;
}

/**
 * Rounds are logged at debug level (a sandbox's tables change every snapshot, so most minutes
 * analyse something); a statement this long is logged at info, as PostgreSQL's
 * `log_autovacuum_min_duration` does, because PGlite's other statements waited for it.
 */
const SLOW_UPKEEP_MS = 1000;

/**
 * A round every `intervalMs` (autovacuum's naptime is a minute), the first one after the first
 * interval so that start-up does not wait on it. PGlite runs one statement at a time (and none
 * inside another caller's transaction), so a round's statements queue behind requests' and the
 * other way round; decision 0035 has what they cost under the ledger bench's load.
 */
export function startEmbeddedMaintenance(
  db: Db,
  p: { intervalMs: number; logger: MaintenanceLogger },
) {
  return startLoop({
    pass: async () => {
      const done = await maintainEmbeddedDatabase(db);
      if (done.length === 0) return;
      const slow = done.some((d) => d.ms >= SLOW_UPKEEP_MS);
      p.logger[slow ? 'info' : 'debug']({ done }, 'embedded database: vacuum/analyze');
    },
    intervalMs: p.intervalMs,
    firstDelayMs: p.intervalMs,
    onError: (err) => p.logger.warn({ err }, 'embedded database upkeep failed; next round retries'),
    unref: true,
  });
}
