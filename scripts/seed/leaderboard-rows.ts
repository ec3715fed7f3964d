import type { Pool } from 'pg';

/**
 * Fills users and their agent activity at the volumes the leaderboards must stay fast at (1M
 * users, 10M activity rows; decision 0015), made by PostgreSQL itself (generate_series) in batches,
 * then derives the activity totals the leaderboards read, as the migration does for existing data.
 * Activity is skewed (low user numbers post most) and spread over the last 90 days, so both the
 * all-time and the monthly boards have real competition. Tops up to the targets; safe to re-run.
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
  // Every user has a custodial wallet (the premium list joins them; its wallet search reads
  // them) and one in 50 has a subscription, so the list has subscribers to put first.
  await pool.query(
    `insert into wallets (x_user_id, dag_address, evm_address, key_id, key_nonce, key_ciphertext, key_auth_tag)
     select u.x_user_id, 'DAG' || lpad(substr(u.x_user_id, 2), 37, '0'),
       '0x' || lpad(to_hex(u.x_user_id::bigint), 40, '0'), 'seed', 'seed', 'seed', 'seed'
     from users u where u.x_user_id like '5%' and u.username like 'seed_%'
       and not exists (select 1 from wallets w where w.x_user_id = u.x_user_id)`,
  );
  await pool.query(
    `insert into subscriptions (x_user_id, tier, start_date, end_date, months_purchased)
     select u.x_user_id, (array['pro', 'premium'])[1 + (g % 2)], now() - interval '20 days',
       now() + ((g % 400) - 100) * interval '1 day', 1
     from users u, lateral (select substr(u.x_user_id, 2)::bigint as g) n
     where u.username like 'seed_%' and n.g % 50 = 0
       and not exists (select 1 from subscriptions s where s.x_user_id = u.x_user_id)`,
  );
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
  // Also when a previous run stopped between the truncate and the insert (totals empty).
  if (activities !== before || (await countOf('activity_totals')) === 0) {
    await pool.query('truncate activity_totals');
    await pool.query(`insert into activity_totals (period, kind, user_id, platform, count, reached_at)
      select 'all', kind, user_id, platform, count(*), max(created_at) from activities
      group by kind, user_id, platform
      union all
      select to_char(created_at at time zone 'UTC', 'YYYY-MM'), kind, user_id, platform, count(*),
        max(created_at) from activities group by 1, kind, user_id, platform`);
  }
  await pool.query('vacuum analyze users');
  await pool.query('vacuum analyze wallets');
  await pool.query('vacuum analyze activity_totals');
  return { users, activities };
}
