import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '@/db/client.ts';
import { rewardMonths, rewardPayouts, users } from '@/db/schema/index.ts';
import type { RewardPayout as RewardPayoutView } from '@/shared/leaderboard/contract.ts';

export type { RewardPayout as RewardPayoutView } from '@/shared/leaderboard/contract.ts';

const select = {
  month: rewardPayouts.month,
  rank: rewardPayouts.rank,
  username: sql<string>`coalesce(${users.username}, ${rewardPayouts.xUserId})`,
  activityCount: rewardPayouts.activityCount,
  amount: rewardPayouts.amount,
  state: rewardPayouts.state,
};

const view = (r: { amount: bigint } & Omit<RewardPayoutView, 'amount'>): RewardPayoutView => ({
  ...r,
  amount: r.amount.toString(),
});

/** The latest closed month and its payouts ('Last month's rewards' on the leaderboard). */
export async function listLatestRewards(deps: { db: Db }) {
  const [latest] = await deps.db
    .select()
    .from(rewardMonths)
    .orderBy(desc(rewardMonths.month))
    .limit(1);
  if (!latest) return { month: null, pool: '0', payouts: [] as RewardPayoutView[] };
  const rows = await deps.db
    .select(select)
    .from(rewardPayouts)
    .leftJoin(users, eq(users.xUserId, rewardPayouts.xUserId))
    .where(eq(rewardPayouts.month, latest.month))
    .orderBy(rewardPayouts.rank);
  return { month: latest.month, pool: latest.pool.toString(), payouts: rows.map(view) };
}

/** A user's own rewards, newest first (their dashboard). */
export async function listUserRewards(deps: { db: Db }, p: { xUserId: string }) {
  const rows = await deps.db
    .select(select)
    .from(rewardPayouts)
    .leftJoin(users, eq(users.xUserId, rewardPayouts.xUserId))
    .where(eq(rewardPayouts.xUserId, p.xUserId))
    .orderBy(desc(rewardPayouts.month))
    .limit(24);
  return rows.map(view);
}
