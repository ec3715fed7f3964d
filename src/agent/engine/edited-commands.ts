import { and, eq, isNull, or } from 'drizzle-orm';
import type { Db } from '@/db/client.ts';
import { agentCommandClaims, agentInbox } from '@/db/schema/index.ts';
import type { Outcome } from './outcome.ts';

/** What one version of a post may do with the command its versions share. */
export type VersionTurn =
  | { kind: 'run' }
  /** A newer version runs (or ran) the command: this one is closed without a reply. */
  | { kind: 'closed'; outcome: Outcome }
  /** An edit of a command another version acted on: not run; answered once per command. */
  | { kind: 'not_rerun'; outcome: Outcome };

const newer = (a: string, b: string) => BigInt(a) > BigInt(b);

/**
 * Decides whether this version of a post runs its command (decision 0042). X gives each edit a
 * new post id, so the command is keyed on the first version and only one version ever acts:
 * the one whose row wins the claim (a primary-key insert, so two workers running the original
 * and its edit at once cannot both act, and a crashed run finds its own claim again).
 * - No version acted yet and a newer one is in the inbox: this one is closed, the newest runs.
 * - Another version acted: an older one is closed; a newer one (an edit) is not run, and the
 *   first edit to get here is answered, once per command, with what was done for the original.
 */
export async function takeVersionTurn(
  db: Db,
  p: { postId: string; firstVersionId: string; now: Date },
): Promise<VersionTurn> {
  let claim = await findClaim(db, p.firstVersionId);
  if (!claim) {
    const versions = await db
      .select({ postId: agentInbox.postId })
      .from(agentInbox)
      .where(eq(agentInbox.firstVersionId, p.firstVersionId));
    const newest = versions.map((v) => v.postId).find((id) => newer(id, p.postId));
    if (newest) return closed(newest);
    await db
      .insert(agentCommandClaims)
      .values({ firstVersionId: p.firstVersionId, postId: p.postId, claimedAt: p.now })
      .onConflictDoNothing();
    claim = (await findClaim(db, p.firstVersionId))!;
  }
  if (claim.postId === p.postId) return { kind: 'run' };
  if (newer(claim.postId, p.postId)) return closed(claim.postId);

  const answered = await db
    .update(agentCommandClaims)
    .set({ editAnsweredBy: p.postId })
    .where(
      and(
        eq(agentCommandClaims.firstVersionId, p.firstVersionId),
        or(
          isNull(agentCommandClaims.editAnsweredBy),
          eq(agentCommandClaims.editAnsweredBy, p.postId),
        ),
      ),
    )
    .returning({ by: agentCommandClaims.editAnsweredBy });
  const [acted] = await db
    .select({ status: agentInbox.status, outcome: agentInbox.outcome })
    .from(agentInbox)
    .where(eq(agentInbox.postId, claim.postId));
  return {
    kind: 'not_rerun',
    outcome: {
      kind: 'edit_not_rerun',
      actedPostId: claim.postId,
      // Still being handled: the reply says so and links the receipt, which will say what was done.
      acted: acted?.status === 'pending' ? null : ((acted?.outcome as Outcome | null) ?? null),
      answered: answered.length > 0,
    },
  };
}

const closed = (newerPostId: string): VersionTurn => ({
  kind: 'closed',
  outcome: { kind: 'edit_superseded', newerPostId },
});

async function findClaim(db: Db, firstVersionId: string) {
  const [row] = await db
    .select({ postId: agentCommandClaims.postId })
    .from(agentCommandClaims)
    .where(eq(agentCommandClaims.firstVersionId, firstVersionId));
  return row;
}
