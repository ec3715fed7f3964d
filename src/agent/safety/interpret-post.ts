import { commandSpan } from '../commands/grammar/command-span.ts';
import { suggestCommand } from '../commands/grammar/near-miss.ts';
import { parseSpan } from '../commands/grammar/parse.ts';
import type { Command } from '../commands/grammar/types.ts';

/** A post as the X API v2 returns it (tweet.fields=author_id,referenced_tweets,entities). */
export interface IncomingPost {
  id: string;
  authorId: string;
  text: string;
  referencedTweets?: { type: 'retweeted' | 'quoted' | 'replied_to'; id: string }[];
  entities?: { mentions?: { username: string; start: number; end: number }[] } | null;
}

export interface AgentIdentity {
  agentUserId: string;
  /** Without '@'. */
  agentHandle: string;
}

/** in_passing: the agent is named mid-sentence and nothing in the post is a command to it. */
export type IgnoreReason = 'retweet' | 'own_post' | 'not_mentioned' | 'relayed' | 'in_passing';

export type PostDecision = { act: false; reason: IgnoreReason } | { act: true; command: Command };

/** Whether the post is the author's own words addressed to the agent. */
export function shouldActOnPost(
  post: IncomingPost,
  ctx: AgentIdentity,
): { act: true } | { act: false; reason: IgnoreReason } {
  return gate(post, ctx, commandSpan(post.text, ctx.agentHandle).addressing);
}

function gate(
  post: IncomingPost,
  ctx: AgentIdentity,
  addressing: 'direct' | 'relayed' | 'absent',
): { act: true } | { act: false; reason: IgnoreReason } {
  if (post.authorId === ctx.agentUserId) return { act: false, reason: 'own_post' };
  const retweet =
    post.referencedTweets?.some((ref) => ref.type === 'retweeted') || /^\s*RT\s*@/i.test(post.text);
  if (retweet) return { act: false, reason: 'retweet' };
  // X's own mention entities, when given, must agree: a mention only in a quoted or
  // replied-to post is not in this post's entities.
  const mentions = post.entities?.mentions;
  const handle = ctx.agentHandle.toLowerCase();
  if (mentions && !mentions.some((m) => m.username.toLowerCase() === handle)) {
    return { act: false, reason: 'not_mentioned' };
  }
  if (addressing === 'relayed') return { act: false, reason: 'relayed' };
  if (addressing === 'absent') return { act: false, reason: 'not_mentioned' };
  return { act: true };
}

/**
 * The single entry point for the agent worker: decides whether to act on a post and what the
 * author asked for. Only the post's own text is ever read: never quoted, retweeted or relayed
 * text, so nobody else's words can move the author's money.
 */
export function interpretPost(post: IncomingPost, ctx: AgentIdentity): PostDecision {
  const span = commandSpan(post.text, ctx.agentHandle);
  const decision = gate(post, ctx, span.addressing);
  if (!decision.act) return decision;
  const command = parseSpan(span);
  // Help is for people talking to the agent; a post that only names it in passing gets no reply
  // (it still counts as a mention on the leaderboard).
  if (command.kind === 'unknown' && !span.spokenTo) return { act: false, reason: 'in_passing' };
  if (command.kind === 'unknown') {
    const didYouMean = suggestCommand(span, ctx.agentHandle, parseSpan);
    if (didYouMean) return { act: true, command: { kind: 'unknown', didYouMean } };
  }
  return { act: true, command };
}
