import type { Db } from '../../db/client.ts';
import { activities } from '../../db/schema/index.ts';

/** Records a leaderboard activity once per (post, kind): re-runs add nothing. */
export async function recordActivity(
  db: Db,
  a: { userId: string; kind: 'mention' | 'send' | 'fingerprint'; postId: string; at: Date },
) {
  await db
    .insert(activities)
    .values({
      userId: a.userId,
      kind: a.kind,
      postId: a.postId,
      platform: 'twitter',
      createdAt: a.at,
    })
    .onConflictDoNothing();
}
