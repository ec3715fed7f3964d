import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '@/db/client.ts';
import { agentInbox } from '@/db/schema/index.ts';
import type { LivePost } from '@/shared/evidence/contract.ts';
import { getEvidence } from './list-evidence.ts';

const inboxPostDate = z.object({ createdAt: z.string().nullish() });

/**
 * A post the product already keeps — the archive's fingerprinted post, or a command post with a
 * public receipt — in the embed's shape, from the database: showing it costs no read on X.
 */
export async function findStoredPost(db: Db, id: string): Promise<LivePost | null> {
  const evidence = await getEvidence(db, id);
  if (evidence) {
    const author = { id: evidence.authorId, username: evidence.authorUsername };
    return {
      id,
      text: evidence.tweetContent,
      createdAt: evidence.record.createdAt ?? null,
      author: { ...author, name: author.username, profileImageUrl: null },
    };
  }
  const [command] = await db
    .select()
    .from(agentInbox)
    .where(and(eq(agentInbox.postId, id), eq(agentInbox.source, 'x')));
  if (!command) return null;
  const dated = inboxPostDate.safeParse(command.post);
  const username = command.authorUsername;
  return {
    id,
    text: command.text,
    createdAt: dated.success ? (dated.data.createdAt ?? null) : null,
    author: username
      ? { id: command.authorId, username, name: username, profileImageUrl: null }
      : null,
  };
}
