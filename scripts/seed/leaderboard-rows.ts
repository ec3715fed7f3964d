import type { Pool } from 'pg';

/**
 * Fills users and their agent activity at the volumes issue 13's goal names (1M users, 10M
 * activity rows), made by PostgreSQL itself (generate_series) in batches, then derives the
 * activity totals the leaderboards read, as the migration does for existing data. Activity is
 * skewed (low user numbers post most) and spread over the last 90 days, so both the all-time and
 * the monthly boards have real competition. Tops up to the targets; safe to re-run.
 */
export async function seedLeaderboardRows(
  pool: Pool,
  p: { users: number; activities: number; batch?: number },
) {
  const batch = p.batch ?? 200_000;
  const countOf = async (table: string) =>
    Number((await pool.query<{ n: string }>(`select count(*) as n from ${table}`)).rows[0]?.n);
  let users = await countOf('users');
  while (users < p.users) {
    const n = Math.min(batch, p.users - users);
    await pool.query(
      `insert into users (x_user_id, username, display_name)
       select (5000000000 + g)::text, 'seed_' || g, 'Seed ' || g
       from generate_series($1::bigint, $2::bigint) g on conflict do nothing`,
      [users + 1, users + n],
    );
    users += n;
  }
  let activities = await countOf('activities');
  const before = activities;
  while (activities < p.activities) {
    const n = Math.min(batch, p.activities - activities);
    await pool.query(
      `insert into activities (user_id, platform, kind, post_id, created_at)
       select (5000000001 + floor($3::bigint * power(random(), 3)))::bigint::text, 'twitter',
         (array['mention', 'send', 'fingerprint'])[1 + g % 3], 'seedpost' || g,
         now() - ((g % 7776000) || ' seconds')::interval
       from generate_series($1::bigint, $2::bigint) g on conflict do nothing`,
      [activities + 1, activities + n, p.users],
    );
    activities += n;
  }
  if (activities !== before) {
    await pool.query('truncate activity_totals');
    await pool.query(`insert into activity_totals (period, kind, user_id, platform, count, reached_at)
      select 'all', kind, user_id, platform, count(*), max(created_at) from activities
      group by kind, user_id, platform
      union all
      select to_char(created_at at time zone 'UTC', 'YYYY-MM'), kind, user_id, platform, count(*),
        max(created_at) from activities group by 1, kind, user_id, platform`);
  }
  await pool.query('vacuum analyze users');
  await pool.query('vacuum analyze activity_totals');
  return { users, activities };
}
