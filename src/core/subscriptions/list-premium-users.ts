import { eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '@/db/client.ts';
import { rowsOf } from '@/db/rows-of.ts';
import { rowCounts } from '@/db/schema/index.ts';
import { subscriptionHealth } from '../auth/subscription-health.ts';
import { type PageSpec, type PremiumUserRow, pageOfMatches } from './premium-user-rows.ts';

export const PREMIUM_USERS_PAGE_SIZE = 50;

export interface PremiumUserEntry {
  username: string;
  wallet_address: string | null;
  subscription_tier: 'free' | 'pro' | 'premium';
  subscription_health: 'active' | 'expiring_soon' | 'expired' | 'no_subscription';
  days_remaining: number;
  subscription_start: string | null;
  subscription_end: string | null;
}

const likePattern = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const iso = (v: unknown) => (v == null ? null : new Date(v as string).toISOString());

/**
 * The premium page's user list (decision 0017): every known user with their wallet
 * and their latest subscription period; subscribers first (latest end first), then by username.
 * `search` matches the username, `wallet` the DAG address (both case-insensitive substrings).
 * At a million users this stays an index walk: the latest period is kept on `users` and the
 * unfiltered total in `row_counts`, both by triggers (migration 0016); searches use trigrams and
 * are paged and counted by one index scan when they match few users (premium-user-rows.ts).
 */
export async function listPremiumUsers(
  deps: { db: Db; now: () => Date },
  p: { search?: string; wallet?: string } & PageSpec,
  tuning?: { oneScanLimit?: number },
): Promise<{ users: PremiumUserEntry[]; count: number; total: number }> {
  const filters: SQL[] = [];
  if (p.search) filters.push(sql`u.username ilike ${likePattern(p.search)}`);
  if (p.wallet) filters.push(sql`w.dag_address ilike ${likePattern(p.wallet)}`);
  const { rows, total } = filters.length
    ? await pageOfMatches(deps.db, sql.join(filters, sql` and `), p, tuning?.oneScanLimit)
    : { rows: await pageOfEveryone(deps.db, p), total: await countUsers(deps.db) };
  const now = deps.now();
  const users = rows.map((r): PremiumUserEntry => {
    const end = r.end_date ? new Date(r.end_date) : null;
    const health = end ? subscriptionHealth(end, now) : null;
    return {
      username: r.username,
      wallet_address: r.dag_address,
      subscription_tier: r.tier ?? 'free',
      subscription_health: health?.health ?? 'no_subscription',
      days_remaining: health?.daysRemaining ?? 0,
      subscription_start: iso(r.start_date),
      subscription_end: iso(r.end_date),
    };
  });
  return { users, count: users.length, total };
}

/** The unfiltered page: a walk of users_premium_order_idx that stops after the page. */
async function pageOfEveryone(db: Db, p: PageSpec) {
  const result = await db.execute(sql`select u.username, w.dag_address,
      u.subscription_tier as tier, u.subscription_start as start_date,
      u.subscription_end as end_date
    from users u left join wallets w on w.x_user_id = u.x_user_id
    order by u.subscription_end desc nulls last, lower(u.username)
    limit ${p.limit} offset ${p.offset}`);
  // PGlite and node-postgres both return { rows }; the Db type leaves it unknown.
  return rowsOf<PremiumUserRow>(result);
}

/** Every user the product knows, from the trigger-kept count (exact, without a table scan). */
export async function countUsers(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: rowCounts.n })
    .from(rowCounts)
    .where(eq(rowCounts.name, 'users'));
  return row?.n ?? 0;
}
