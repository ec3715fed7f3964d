import { and, eq, ne, sql } from 'drizzle-orm';
import { users } from '@/db/schema/index.ts';
import type { XUser } from '@/integrations/x/index.ts';
import type { CoreDeps } from '../deps.ts';

/**
 * Creates or updates the user behind an X account, keyed by X's numeric id: a renamed handle
 * keeps its account (and wallet). X handles are unique at any moment, so another row still
 * holding this handle belongs to someone who renamed since; it gets a placeholder that is not a
 * valid handle until that person is seen again.
 */
export async function upsertUserFromX(deps: Pick<CoreDeps, 'db' | 'now'>, x: XUser) {
  const now = deps.now();
  const fields = {
    username: x.username,
    displayName: x.name,
    profileImageUrl: x.profile_image_url ?? null,
    xCreatedAt: x.created_at ? new Date(x.created_at) : null,
    lastLoginAt: now,
  };
  return deps.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ username: sql`'~' || ${users.xUserId}` })
      .where(and(sql`lower(${users.username}) = lower(${x.username})`, ne(users.xUserId, x.id)));
    const [existing] = await tx
      .select({ xUserId: users.xUserId })
      .from(users)
      .where(eq(users.xUserId, x.id));
    const [user] = await tx
      .insert(users)
      .values({ xUserId: x.id, createdAt: now, ...fields })
      .onConflictDoUpdate({ target: users.xUserId, set: fields })
      .returning();
    return { user: user!, created: !existing };
  });
}
