import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '@/db/client.ts';
import { users } from '@/db/schema/index.ts';

/**
 * Records the dashboard's first greeting of a person and says whether this was it: the one
 * call whose conditional update finds `welcomed_at` still empty (so two tabs opened at once
 * greet them as new once). Every later visit, on any device, is "Welcome back".
 */
export async function recordDashboardVisit(
  db: Db,
  p: { xUserId: string; now: Date },
): Promise<{ firstVisit: boolean }> {
  const marked = await db
    .update(users)
    .set({ welcomedAt: p.now })
    .where(and(eq(users.xUserId, p.xUserId), isNull(users.welcomedAt)))
    .returning({ xUserId: users.xUserId });
  return { firstVisit: marked.length > 0 };
}
