import { eq } from 'drizzle-orm';
import { cleanPromotionLine, writePromotionLine } from '@/core/promotions/write-promotion-line.ts';
import type { Db } from '@/db/client.ts';
import type { JobRow } from '@/db/queue/index.ts';
import { agentPromotions } from '@/db/schema/index.ts';
import type { LlmClient } from '@/integrations/llm/index.ts';
import type { XClient } from '@/integrations/x/index.ts';
import type { XAccessTier } from '@/shared/x-access-tier.ts';
import { enqueueReply } from '../../outbox/outbox-queue.ts';
import { jobReplyPriority } from '../../outbox/reply-priority.ts';
import { parseCommand } from '../grammar/parse.ts';
import type { PromotionJobPayload } from './execute-promote.ts';
import { promotionPost, targetSummonedAgent } from './promotion-post.ts';

export interface PromotionJobDeps {
  db: Db;
  x: Pick<XClient, 'getTweet'>;
  access: () => Promise<{ xUserId: string; accessToken: string }>;
  llm: LlmClient | null;
  agentHandle: string;
  accessTier: XAccessTier;
  /** X's web, for the link to the promoted post in a reply to the asker. */
  xWebUrl: string;
  logger: { warn: (o: object, m: string) => void };
}

type Refusal = 'target_unreadable' | 'own_post' | 'target_is_command';

const REFUSALS: Record<Refusal, string> = {
  target_unreadable:
    'Not promoted: I cannot read that post (deleted, protected or not visible to me).',
  own_post: 'Not promoted: that is my own post.',
  target_is_command:
    'Not promoted: that post is itself a command to me, and I only act on your own words.',
};

/**
 * Publishes one accepted promotion (a `drainJobs` handler): reads the target with the agent's
 * token, refuses its own posts and posts that are commands, writes the line (model, else the
 * template) and queues ONE post (promotion-post.ts, decision 0043): a comment under the target
 * where its author summoned the agent, a quote post on Enterprise access, else (self-serve) a
 * reply to the asker with the line and the target's link. X errors are retried by the queue.
 */
export async function handlePromotionJob(deps: PromotionJobDeps, job: JobRow) {
  const p = job.payload as PromotionJobPayload;
  const { xUserId, accessToken } = await deps.access();
  const { tweet, includes } = await deps.x.getTweet(accessToken, p.targetId);
  const refuse = async (refusal: Refusal) => {
    await enqueueReply(deps.db, {
      key: `reply:${p.postId}`,
      postId: p.postId,
      inReplyToId: p.postId,
      text: REFUSALS[refusal],
      priority: jobReplyPriority(job.priority),
    });
    await finish(deps.db, p.postId, { state: 'refused', refusal });
    return { state: 'refused', refusal };
  };
  if (!tweet) return refuse('target_unreadable');
  if (tweet.author_id === xUserId) return refuse('own_post');
  // Read as if addressed to the agent: "send 5 UP to @bob" or "promote this" in the target is a
  // command someone else wrote, never something to amplify.
  if (
    parseCommand(`@${deps.agentHandle} ${tweet.text}`, { agentHandle: deps.agentHandle }).kind !==
    'unknown'
  ) {
    return refuse('target_is_command');
  }
  const author = includes.users?.find((u) => u.id === tweet.author_id)?.username ?? null;
  const summoned = targetSummonedAgent(tweet, includes, { xUserId, handle: deps.agentHandle });
  const { line, byModel } = await writePromotionLine(
    deps.llm,
    { style: p.style, author: author ?? 'someone', text: tweet.text },
    (err) => deps.logger.warn({ postId: p.postId, err: String(err) }, 'promotion line: template'),
  );
  const { mode, text } = promotionPost({
    style: p.style,
    summoned,
    accessTier: deps.accessTier,
    target: { id: p.targetId, author },
    xWebUrl: deps.xWebUrl,
    clean: (max) => cleanPromotionLine(line, max),
  });
  const base = {
    key: `reply:${p.postId}`,
    postId: p.postId,
    text,
    priority: jobReplyPriority(job.priority),
  };
  await enqueueReply(
    deps.db,
    mode === 'quote'
      ? { ...base, quoteTweetId: p.targetId }
      : { ...base, inReplyToId: mode === 'reply' ? p.targetId : p.postId },
  );
  await finish(deps.db, p.postId, {
    state: 'published',
    mode,
    text,
    byModel: byModel ? 'yes' : 'no',
  });
  return { state: 'published', mode };
}

async function finish(db: Db, postId: string, patch: Partial<typeof agentPromotions.$inferInsert>) {
  await db.update(agentPromotions).set(patch).where(eq(agentPromotions.requestPostId, postId));
}
