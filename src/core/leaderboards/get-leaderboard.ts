import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  LEADERBOARD_SIZE,
  type LeaderboardCategory,
  type LeaderboardEntry,
  type LeaderboardPeriod,
  monthStartUtc,
} from '../../shared/leaderboard/contract.ts';
import { BENEFIT_TIERS } from '../../shared/premium-benefits.ts';

const KIND: Record<LeaderboardCategory, 'mention' | 'send' | 'fingerprint'> = {
  mentions: 'mention',
  sends: 'send',
  fingerprints: 'fingerprint',
};

type Row = {
  user_id: string;
  platform: string;
  username: string | null;
  count: string | number;
  mentions: string | number;
  sends: string | number;
  fingerprints: string | number;
  subscribed: boolean;
};

/**
 * A user leaderboard from the activity log (one row per post and kind, written by the agent):
 * the top users by one kind of activity, all-time or since the start of this UTC month, each
 * with the other two counts for the same period and whether they hold an active premium plan
 * (only they can earn rewards). Ties go to whoever reached the count first.
 */
export async function getLeaderboard(
  deps: { db: Db; now: () => Date },
  p: { category: LeaderboardCategory; period: LeaderboardPeriod },
): Promise<LeaderboardEntry[]> {
  const now = deps.now();
  const since = p.period === 'monthly' ? monthStartUtc(now) : new Date(0);
  const tiers = sql.join(
    BENEFIT_TIERS.map((t) => sql`${t}`),
    sql`, `,
  );
  const result = await deps.db.execute(sql`
    with period as (
      select user_id, platform, kind, created_at from activities
      where created_at >= ${since.toISOString()} and created_at <= ${now.toISOString()}
    ), ranked as (
      select user_id, platform, count(*) as count, max(created_at) as reached
      from period where kind = ${KIND[p.category]}
      group by user_id, platform
      order by count(*) desc, max(created_at) asc, user_id asc
      limit ${LEADERBOARD_SIZE}
    )
    select r.user_id, r.platform, u.username, r.count,
      (select count(*) from period a where a.user_id = r.user_id and a.kind = 'mention') as mentions,
      (select count(*) from period a where a.user_id = r.user_id and a.kind = 'send') as sends,
      (select count(*) from period a where a.user_id = r.user_id and a.kind = 'fingerprint') as fingerprints,
      exists (select 1 from subscriptions s where s.x_user_id = r.user_id
        and s.tier in (${tiers}) and s.start_date <= ${now.toISOString()}
        and s.end_date > ${now.toISOString()}) as subscribed
    from ranked r left join users u on u.x_user_id = r.user_id
    order by r.count desc, r.reached asc, r.user_id asc`);
  // PGlite and node-postgres both return { rows }; counts arrive as strings or numbers.
  const rows = (result as unknown as { rows: Row[] }).rows;
  return rows.map((r, i) => ({
    rank: i + 1,
    username: r.username ?? r.user_id,
    platform: r.platform,
    author_id: r.user_id,
    count: Number(r.count),
    hasActiveSubscription: r.subscribed === true,
    breakdown: {
      sends: Number(r.sends),
      fingerprints: Number(r.fingerprints),
      mentions: Number(r.mentions),
    },
  }));
}
