import { sql } from 'drizzle-orm';
import type { Db } from '@/db/client.ts';
import { rowsOf } from '@/db/rows-of.ts';
import {
  LEADERBOARD_SIZE,
  type LeaderboardCategory,
  type LeaderboardEntry,
  type LeaderboardPeriod,
} from '@/shared/leaderboard/contract.ts';
import { BENEFIT_TIERS } from '@/shared/premium-benefits.ts';
import { activityPeriods } from './record-activity.ts';

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
 * A user leaderboard from the activity totals (kept with each activity the agent records):
 * the top users by one kind of activity, all-time or in this UTC month, each with the other two
 * counts for the same period and whether they hold an active premium plan (only they can earn
 * rewards). Ties go to whoever reached the count first. Reads the top rows off
 * activity_totals_rank_idx, so the cost does not grow with the number of users or activities.
 */
export async function getLeaderboard(
  deps: { db: Db; now: () => Date },
  p: { category: LeaderboardCategory; period: LeaderboardPeriod },
): Promise<LeaderboardEntry[]> {
  const now = deps.now();
  const period = p.period === 'monthly' ? activityPeriods(now)[1]! : 'all';
  const tiers = sql.join(
    BENEFIT_TIERS.map((t) => sql`${t}`),
    sql`, `,
  );
  const other = (kind: string) => sql`coalesce((select o.count from activity_totals o
    where o.period = ${period} and o.kind = ${kind} and o.user_id = r.user_id
      and o.platform = r.platform), 0)`;
  const result = await deps.db.execute(sql`
    with ranked as (
      select user_id, platform, count, reached_at from activity_totals
      where period = ${period} and kind = ${KIND[p.category]}
      order by count desc, reached_at asc, user_id asc
      limit ${LEADERBOARD_SIZE}
    )
    select r.user_id, r.platform, u.username, r.count,
      ${other('mention')} as mentions, ${other('send')} as sends,
      ${other('fingerprint')} as fingerprints,
      exists (select 1 from subscriptions s where s.x_user_id = r.user_id
        and s.tier in (${tiers}) and s.start_date <= ${now.toISOString()}
        and s.end_date > ${now.toISOString()}) as subscribed
    from ranked r left join users u on u.x_user_id = r.user_id
    order by r.count desc, r.reached_at asc, r.user_id asc`);
  // PGlite and node-postgres both return { rows }; counts arrive as strings or numbers.
  const rows = rowsOf<Row>(result);
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
