import { eq, sql } from 'drizzle-orm';
import type { Db } from '@/db/client.ts';
import { rowsOf } from '@/db/rows-of.ts';
import { rewardMonths, rewardPayouts } from '@/db/schema/index.ts';
import { BENEFIT_TIERS } from '@/shared/premium-benefits.ts';
import { monthBounds, splitPool } from './split-pool.ts';

export interface RewardSettings {
  /** Base units paid out per month. */
  pool: bigint;
  winners: number;
}

type Row = { user_id: string; count: string | number };

/**
 * Decides a closed month's winners once: the users with the most recorded activity (mentions,
 * sends and fingerprints together) in that UTC month among those holding an active premium plan
 * when it closes (decision 0013), ties to whoever got there first. The month row and its payouts
 * are written in one transaction under a per-month lock; a second call finds them and changes
 * nothing.
 */
export async function closeRewardMonth(
  deps: { db: Db; now: () => Date },
  p: { month: string; settings: RewardSettings; early?: boolean },
): Promise<{ created: boolean }> {
  const { start, end } = monthBounds(p.month);
  const now = deps.now();
  // `early` (the sandbox's close-month route) decides a running month on its activity so far.
  if (now < end && !p.early) throw new RangeError(`${p.month} has not ended yet`);
  return deps.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`rewards:${p.month}`}))`);
    const [existing] = await tx.select().from(rewardMonths).where(eq(rewardMonths.month, p.month));
    if (existing) return { created: false };
    const tiers = sql.join(
      BENEFIT_TIERS.map((t) => sql`${t}`),
      sql`, `,
    );
    const result = await tx.execute(sql`
      select a.user_id, count(*) as count from activities a
      where a.created_at >= ${start.toISOString()} and a.created_at < ${end.toISOString()}
        and exists (select 1 from subscriptions s where s.x_user_id = a.user_id
          and s.tier in (${tiers}) and s.start_date <= ${now.toISOString()}
          and s.end_date > ${now.toISOString()})
      group by a.user_id
      order by count(*) desc, max(a.created_at) asc, a.user_id asc
      limit ${p.settings.winners}`);
    const winners = rowsOf<Row>(result);
    const amounts = splitPool(p.settings.pool, winners.length);
    await tx.insert(rewardMonths).values({ month: p.month, pool: p.settings.pool, closedAt: now });
    if (winners.length > 0) {
      await tx.insert(rewardPayouts).values(
        winners.map((w, i) => ({
          month: p.month,
          xUserId: w.user_id,
          rank: i + 1,
          activityCount: Number(w.count),
          amount: amounts[i]!,
        })),
      );
    }
    return { created: true };
  });
}
