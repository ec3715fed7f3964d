import pg from 'pg';
import { openDatabase } from '@/db/client.ts';
import { seedEvidenceRows } from './seed/evidence-rows.ts';
import { seedLeaderboardRows } from './seed/leaderboard-rows.ts';

/**
 * `DATABASE_URL=postgres://… npm run seed:scale`: fills a PostgreSQL database (migrated first)
 * with the volumes the scale goals are measured at. Safe to re-run: it tops up to the target.
 * SEED_EVIDENCE (default 1,000,000) evidence records; SEED_USERS (1,000,000) users and
 * SEED_ACTIVITIES (10,000,000) agent activity rows for the leaderboards and the premium list.
 */
const url = process.env.DATABASE_URL;
if (!url?.startsWith('postgres')) {
  console.error('npm run seed:scale needs DATABASE_URL=postgres://… (never the embedded database)');
  process.exit(1);
}
const evidence = Number(process.env.SEED_EVIDENCE ?? 1_000_000);
const users = Number(process.env.SEED_USERS ?? 1_000_000);
const activities = Number(process.env.SEED_ACTIVITIES ?? 10_000_000);
const database = await openDatabase({ url });
await database.close();
const pool = new pg.Pool({ connectionString: url, max: 1 });
try {
  const started = performance.now();
  const rows = await seedEvidenceRows(pool, evidence);
  console.info(
    `evidence records: ${rows} (${((performance.now() - started) / 1000).toFixed(1)} s)`,
  );
  const leaderboardStarted = performance.now();
  const seeded = await seedLeaderboardRows(pool, { users, activities });
  console.info(
    `users: ${seeded.users}, activities: ${seeded.activities} (${((performance.now() - leaderboardStarted) / 1000).toFixed(1)} s)`,
  );
} finally {
  await pool.end();
}
