import { sql } from 'drizzle-orm';
import type { Db } from '@/db/client.ts';
import { rowsOf } from '@/db/rows-of.ts';

/**
 * The /premium stat cards: users with a subscription period running now (any paid tier), and
 * every user who has signed in or been seen by the agent (the trigger-kept count, migration 0016).
 */
export async function countPremiumStats(deps: { db: Db; now: () => Date }) {
  const now = deps.now().toISOString();
  const result = await deps.db.execute(sql`select
    (select count(distinct x_user_id) from subscriptions
      where start_date <= ${now} and end_date > ${now}) as active,
    (select n from row_counts where name = 'users') as total`);
  // Counts arrive as strings (node-postgres) or numbers (PGlite).
  const [row] = rowsOf<{ active: string | number; total: string | number }>(result);
  return { activeSubscriptions: Number(row?.active ?? 0), totalUsers: Number(row?.total ?? 0) };
}
