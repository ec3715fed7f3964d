import { eq } from 'drizzle-orm';
import type { Db } from '@/db/client.ts';
import { agentOutbox } from '@/db/schema/index.ts';
import type { XClient } from '@/integrations/x/index.ts';
import { mentionsAgent } from '@/shared/post-text/mentions-agent.ts';
import { DomainError } from '../errors.ts';

/**
 * A posting grant lets a project post *as* the user; the agent reads the user's posts as commands
 * that move the user's money. So text posted through a grant may never address the agent (by
 * handle or lookalike) nor reply to the agent's posts (a reply "confirm" executes a preview).
 * The agent, in turn, ignores posts it knows were made through a grant. See decision 0009.
 */
export async function refuseAgentCommands(
  deps: { db: Db; agentHandle: string },
  req: { text: string; replyToId?: string },
) {
  if (mentionsAgent(req.text, deps.agentHandle)) {
    throw new DomainError(
      'refused',
      'mentions_agent',
      `Posts made for a user may not mention @${deps.agentHandle} (or anything that reads like it)`,
    );
  }
  if (!req.replyToId) return;
  const [reply] = await deps.db
    .select({ id: agentOutbox.id })
    .from(agentOutbox)
    .where(eq(agentOutbox.sentPostId, req.replyToId))
    .limit(1);
  if (reply) throw replyToAgent(deps.agentHandle);
}

/** The replied-to post as X knows it: also catches agent posts not made through the outbox. */
export async function refuseReplyToAgentOnX(
  deps: { x: XClient; agentHandle: string },
  token: string,
  replyToId: string,
) {
  const { tweet, includes } = await deps.x.getTweet(token, replyToId);
  const author = includes.users?.find((u) => u.id === tweet?.author_id);
  if (author && author.username.toLowerCase() === deps.agentHandle.toLowerCase()) {
    throw replyToAgent(deps.agentHandle);
  }
}

const replyToAgent = (handle: string) =>
  new DomainError(
    'refused',
    'reply_to_agent',
    `Posts made for a user may not reply to @${handle}'s posts`,
  );
