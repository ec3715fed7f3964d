import pg from 'pg';
import { listEvidence } from '@/core/evidence/list-evidence.ts';
import { openDatabase } from '@/db/client.ts';
import { seedEvidenceRows } from '../seed/evidence-rows.ts';
import { percentile } from './stats.ts';
import type { BenchSection } from './types.ts';

const ROWS = Number(process.env.BENCH_EVIDENCE_ROWS ?? 1_000_000);
const RUNS = 40;
const ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DB_NAME = 'upsider_bench_evidence';

/**
 * The evidence archive's queries at 1M records on PostgreSQL (goal p95 ≤ 50 ms), through the
 * product's own listEvidence. The database is kept between runs (seeding is the slow part).
 */
export const evidenceScale: BenchSection = {
  title: `Digital evidence archive at ${ROWS.toLocaleString('en-US')} records (PostgreSQL)`,
  async run() {
    const admin = new pg.Pool({ connectionString: ADMIN_URL, max: 1 });
    try {
      const exists = await admin.query('select 1 from pg_database where datname = $1', [DB_NAME]);
      if (!exists.rowCount) await admin.query(`create database ${DB_NAME}`);
    } catch (err) {
      console.info(`  skipped: no PostgreSQL at ${ADMIN_URL} (${(err as Error).message})`);
      return;
    } finally {
      await admin.end();
    }
    const url = new URL(ADMIN_URL);
    url.pathname = `/${DB_NAME}`;
    const database = await openDatabase({ url: url.toString() });
    const pool = new pg.Pool({ connectionString: url.toString(), max: 1 });
    try {
      const started = performance.now();
      const have = await seedEvidenceRows(pool, ROWS);
      console.info(
        `  ${have.toLocaleString('en-US')} records (seeded in ${((performance.now() - started) / 1000).toFixed(1)} s)`,
      );
      const cases: [string, { search?: string }][] = [
        ['first page, newest first + total', {}],
        ['search by author prefix', { search: 'author4242' }],
        ['search by post id', { search: String(9000000000000000000n - 777_777n) }],
        ['search by fingerprint hash', { search: 'f'.repeat(64) }],
      ];
      for (const [label, query] of cases) {
        const times: number[] = [];
        for (let i = 0; i < RUNS; i++) {
          const t0 = performance.now();
          await listEvidence(database.db, query);
          times.push(performance.now() - t0);
        }
        times.sort((a, b) => a - b);
        const p95 = percentile(times, 95);
        console.info(
          `  ${label.padEnd(36)} p50 ${percentile(times, 50).toFixed(1)} ms  p95 ${p95.toFixed(1)} ms  ${p95 <= 50 ? 'goal met' : 'goal NOT met'} (≤ 50 ms)`,
        );
      }
    } finally {
      await pool.end();
      await database.close();
    }
  },
};
