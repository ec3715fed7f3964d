import { and, desc, eq, gt, inArray, isNull, like, or } from 'drizzle-orm';
import type { Db } from '@/db/client.ts';
import { agentConfirmations, agentInbox, agentOutbox } from '@/db/schema/index.ts';

export type ConfirmationRow = typeof agentConfirmations.$inferSelect;

/** A previewed send waits for 'confirm'; a re-run of the same post keeps the first preview. */
export async function createConfirmation(
  db: Db,
  p: { postId: string; authorId: string; command: unknown; expiresAt: Date },
) {
  await db.insert(agentConfirmations).values(p).onConflictDoNothing();
  const [row] = await db
    .select()
    .from(agentConfirmations)
    .where(eq(agentConfirmations.postId, p.postId));
  return row!;
}

/**
 * The preview a 'confirm' post answers: same author, not expired, and the confirm replies to
 * the original post (any version of it) or to the agent's preview reply. In the console (no reply threads) it is
 * the author's latest console preview. A confirm already used by this very post is returned
 * again, so a re-run after a crash finishes the same send.
 */
export async function findConfirmation(
  db: Db,
  p: {
    authorId: string;
    confirmPostId: string;
    repliedToId: string | null;
    console: boolean;
    now: Date;
  },
): Promise<ConfirmationRow | null> {
  const [own] = await db
    .select()
    .from(agentConfirmations)
    .where(eq(agentConfirmations.confirmedByPostId, p.confirmPostId));
  if (own) return own;

  const open = and(
    eq(agentConfirmations.authorId, p.authorId),
    isNull(agentConfirmations.confirmedByPostId),
    gt(agentConfirmations.expiresAt, p.now),
  );
  if (p.console) {
    const [row] = await db
      .select()
      .from(agentConfirmations)
      .where(and(open, like(agentConfirmations.postId, 'console-%')))
      .orderBy(desc(agentConfirmations.createdAt))
      .limit(1);
    return row ?? null;
  }
  if (!p.repliedToId) return null;
  const previews = await db
    .select({ postId: agentOutbox.postId })
    .from(agentOutbox)
    .where(eq(agentOutbox.sentPostId, p.repliedToId));
  // Previews are keyed on the command's first version: a confirm may answer an edit of it.
  const versions = await db
    .select({ first: agentInbox.firstVersionId })
    .from(agentInbox)
    .where(eq(agentInbox.postId, p.repliedToId));
  const candidates = [
    p.repliedToId,
    ...previews.map((r) => r.postId),
    ...versions.flatMap((v) => (v.first ? [v.first] : [])),
  ];
  const [row] = await db
    .select()
    .from(agentConfirmations)
    .where(and(open, or(inArray(agentConfirmations.postId, candidates))))
    .limit(1);
  return row ?? null;
}

/** Claims the preview for this confirm post; false if another confirm got it first. */
export async function markConfirmed(db: Db, postId: string, confirmPostId: string, now: Date) {
  const rows = await db
    .update(agentConfirmations)
    .set({ confirmedByPostId: confirmPostId, confirmedAt: now })
    .where(
      and(
        eq(agentConfirmations.postId, postId),
        or(
          isNull(agentConfirmations.confirmedByPostId),
          eq(agentConfirmations.confirmedByPostId, confirmPostId),
        ),
      ),
    )
    .returning({ postId: agentConfirmations.postId });
  return rows.length > 0;
}
