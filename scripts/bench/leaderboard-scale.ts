import pg from 'pg';
import { getLeaderboard } from '@/core/leaderboards/get-leaderboard.ts';
import { listPremiumUsers } from '@/core/subscriptions/list-premium-users.ts';
import { openDatabase } from '@/db/client.ts';
import { seedLeaderboardRows } from '../seed/leaderboard-rows.ts';
import { printP95Line, timeRuns } from './stats.ts';
import type { BenchSection } from './types.ts';

const USERS = Number(process.env.BENCH_LEADERBOARD_USERS ?? 1_000_000);
const ACTIVITIES = Number(process.env.BENCH_LEADERBOARD_ACTIVITIES ?? 10_000_000);
const RUNS = 40;
const ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DB_NAME = 'upsider_bench_leaderboard';

/**
 * The leaderboards and the premium user list at 1M users and 10M activity rows on PostgreSQL
 * (goal p95 ≤ 50 ms; decisions 0015 and 0017), through the product's own query functions. The
 * database is kept between runs (seeding is the slow part).
 */
export const leaderboardScale: BenchSection = {
  title: `Leaderboards and premium users at ${USERS.toLocaleString('en-US')} users, ${ACTIVITIES.toLocaleString('en-US')} activities (PostgreSQL)`,
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
      const have = await seedLeaderboardRows(pool, { users: USERS, activities: ACTIVITIES });
      console.info(
        `  ${have.users.toLocaleString('en-US')} users, ${have.activities.toLocaleString('en-US')} activities (seeded in ${((performance.now() - started) / 1000).toFixed(1)} s)`,
      );
      const deps = { db: database.db, now: () => new Date() };
      const page = { limit: 50, offset: 0 };
      const cases: [string, () => Promise<unknown>][] = [
        [
          'leaderboard sends, monthly',
          () => getLeaderboard(deps, { category: 'sends', period: 'monthly' }),
        ],
        [
          'leaderboard mentions, all-time',
          () => getLeaderboard(deps, { category: 'mentions', period: 'all-time' }),
        ],
        ['premium users, first page + total', () => listPremiumUsers(deps, page)],
        [
          'premium users, username search',
          () => listPremiumUsers(deps, { ...page, search: 'seed_4242' }),
        ],
        [
          'premium users, wallet search',
          () => listPremiumUsers(deps, { ...page, wallet: '0004242' }),
        ],
      ];
      for (const [label, run] of cases) printP95Line(label, await timeRuns(RUNS, run), 50, 36);
    } finally {
      await pool.end();
      await database.close();
    }
  },
};
