import { sql } from 'drizzle-orm';
import type { Db } from '@/db/client.ts';
import { activities, activityTotals } from '@/db/schema/index.ts';
import { monthKey } from '@/shared/utc-keys.ts';

export type ActivityKind = 'mention' | 'send' | 'fingerprint';

/** 'all' and the UTC month of `at` ('2026-05'): the periods a leaderboard ranks by. */
export const activityPeriods = (at: Date) => ['all', monthKey(at)];

/**
 * Records a leaderboard activity once per (post, kind): re-runs add nothing. A new activity
 * also counts in its user's totals (all-time and its month); run it inside the caller's
 * transaction so the log and the totals never disagree.
 */
export async function recordActivity(
  db: Db,
  a: { userId: string; kind: ActivityKind; postId: string; at: Date; platform?: string },
) {
  const platform = a.platform ?? 'twitter';
  const inserted = await db
    .insert(activities)
    .values({ userId: a.userId, kind: a.kind, postId: a.postId, platform, createdAt: a.at })
    .onConflictDoNothing()
    .returning({ id: activities.id });
  if (inserted.length === 0) return false;
  await db
    .insert(activityTotals)
    .values(
      activityPeriods(a.at).map((period) => ({
        period,
        kind: a.kind,
        userId: a.userId,
        platform,
        count: 1,
        reachedAt: a.at,
      })),
    )
    .onConflictDoUpdate({
      target: [
        activityTotals.period,
        activityTotals.kind,
        activityTotals.userId,
        activityTotals.platform,
      ],
      set: {
        count: sql`${activityTotals.count} + 1`,
        reachedAt: sql`greatest(${activityTotals.reachedAt}, excluded.reached_at)`,
      },
    });
  return true;
}
