import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '@/db/client.ts';
import { rowsOf } from '@/db/rows-of.ts';

export interface PageSpec {
  limit: number;
  offset: number;
}

export interface PremiumUserRow {
  username: string;
  dag_address: string | null;
  tier: 'free' | 'pro' | 'premium' | null;
  start_date: string | null;
  end_date: string | null;
}

/**
 * Searches that match at most this many users get their page and their total from a single
 * trigram index scan. That scan is what a search costs at a million users (it walks the posting
 * lists of every trigram in the term, ~20 ms for 'seed_4242'), and paging and counting it
 * separately paid it twice. Broader searches keep the two queries: their page stops early in
 * the list's order index, and counting a large match set is a (parallel) scan either way.
 * Figures and the alternatives weighed: docs/decisions/0028-premium-search-one-scan.md.
 */
export const ONE_SCAN_LIMIT = 1000;

// u is users, w the user's wallet (unique per user, so the left join never adds rows; when only
// the username is searched PostgreSQL drops the join from the scan altogether).
const FROM = sql`from users u left join wallets w on w.x_user_id = u.x_user_id`;
/** The list's order (users_premium_order_idx) over the rows of `t`. */
const order = (t: 'u' | 'm' | 'p') =>
  sql.raw(`${t}.subscription_end desc nulls last, lower(${t}.username)`);

/** One page of the users `where` matches, in the list's order, and how many it matches. */
export async function pageOfMatches(
  db: Db,
  where: SQL,
  p: PageSpec,
  oneScanLimit = ONE_SCAN_LIMIT,
): Promise<{ rows: PremiumUserRow[]; total: number }> {
  // `matched` holds at most oneScanLimit + 1 matches: when it is not full it holds them all, so
  // its size is the total and its first rows in list order are the page. The count comes on a
  // row of its own joined to the page, so it arrives also when the page is past the end.
  const oneScan = rowsOf<PremiumUserRow & { matched: string | number }>(
    await db.execute(sql`with matched as materialized (
        select u.x_user_id, u.username, u.subscription_tier, u.subscription_start,
          u.subscription_end ${FROM} where ${where} limit ${oneScanLimit + 1})
      select c.matched, p.username, w.dag_address, p.subscription_tier as tier,
        p.subscription_start as start_date, p.subscription_end as end_date
      from (select count(*) as matched from matched) c
      left join lateral (select * from matched m order by ${order('m')}
        limit ${p.limit} offset ${p.offset}) p on true
      left join wallets w on w.x_user_id = p.x_user_id
      order by ${order('p')}`),
  );
  const total = Number(oneScan[0]?.matched ?? 0);
  if (total <= oneScanLimit) {
    return { rows: oneScan.filter((r) => r.username != null), total };
  }
  const page = rowsOf<PremiumUserRow>(
    await db.execute(sql`select u.username, w.dag_address, u.subscription_tier as tier,
        u.subscription_start as start_date, u.subscription_end as end_date ${FROM}
      where ${where} order by ${order('u')} limit ${p.limit} offset ${p.offset}`),
  );
  const [count] = rowsOf<{ n: string | number }>(
    await db.execute(sql`select count(*) as n ${FROM} where ${where}`),
  );
  return { rows: page, total: Number(count?.n ?? 0) };
}
