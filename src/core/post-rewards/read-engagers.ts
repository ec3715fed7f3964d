import { XApiError, type XClient } from '@/integrations/x/index.ts';
import type { Candidate } from './candidate.ts';

/**
 * Posts per day whose likers and reposters are read (one liking_users and one retweeted_by call
 * each): X allows 75 of each per 15 minutes, so a day and a retry or two fit in one window.
 */
export const ENGAGER_READS_PER_DAY = 25;

type EngagerReader = Pick<XClient, 'getLikingUsers' | 'getRetweetedBy' | 'searchConversation'>;

/**
 * Fills `metrics.engagers` for the most engaged posts that could still win (not the agent's,
 * not reposts or commands, not deleted): who liked, reposted and replied, each account other than
 * the author and the agent, with its number of actions. A token without `like.read` (connected
 * before the agent asked for it) leaves the post's engagers unread rather than failing the day.
 */
export async function readEngagers(
  deps: { x: EngagerReader },
  p: { token: string; agentUserId: string | null; candidates: Candidate[] },
): Promise<void> {
  const open = p.candidates
    .filter((c) => c.metrics && c.authorId !== p.agentUserId && !c.isCommand && !c.isRetweet)
    .filter((c) => c.metrics!.likes + c.metrics!.retweets + c.metrics!.replies > 0)
    .sort((a, b) => weight(b) - weight(a))
    .slice(0, ENGAGER_READS_PER_DAY);
  for (const c of open) {
    const m = c.metrics!;
    const others = (id: string | undefined): id is string =>
      Boolean(id) && id !== c.authorId && id !== p.agentUserId;
    const actions = new Map<string, number>();
    const add = (id: string) => actions.set(id, (actions.get(id) ?? 0) + 1);
    try {
      if (m.likes > 0)
        for (const u of (await deps.x.getLikingUsers(p.token, c.postId)).users)
          if (others(u.id)) add(u.id);
    } catch (err) {
      if (err instanceof XApiError && err.status === 403) continue;
      throw err;
    }
    if (m.retweets > 0)
      for (const u of (await deps.x.getRetweetedBy(p.token, c.postId)).users)
        if (others(u.id)) add(u.id);
    if (m.replies > 0) {
      const repliers = new Set<string>();
      for (const t of (await deps.x.searchConversation(p.token, c.postId)).tweets)
        if (t.id !== c.postId && others(t.author_id)) {
          add(t.author_id!);
          repliers.add(t.author_id!);
        }
      m.repliers = repliers.size;
    }
    const counts = [...actions.values()].sort((a, b) => b - a);
    m.engagers = {
      accounts: counts.length,
      actions: counts.reduce((a, b) => a + b, 0),
      topTwoActions: (counts[0] ?? 0) + (counts[1] ?? 0),
    };
  }
}

const weight = (c: Candidate) =>
  c.metrics!.likes + 2 * c.metrics!.retweets + 2 * c.metrics!.replies + 3 * c.metrics!.quotes;
