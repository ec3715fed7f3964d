import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { agentState } from '../db/schema/index.ts';

/** Keys of agent_state and the JSON each holds. */
export interface AgentStateValues {
  /** Newest mention id stored durably in the inbox: the next poll's since_id. */
  mentions_cursor: { sinceId: string; at: string };
  /** When mentions were last read successfully, and how many arrived. */
  mentions_last_poll: { at: string; count: number; newestId: string | null };
  /** Latest x-rate-limit-* headers per endpoint ('mentions', 'post'). */
  x_rate_mentions: { limit: number; remaining: number; resetAt: string };
  x_rate_post: { limit: number; remaining: number; resetAt: string };
  /** After a 429 on POST /2/tweets: no worker posts before this time. */
  post_blocked_until: { until: string };
  /** Set by `npm run agent:pause` / `agent:resume`. */
  paused: { paused: boolean; by: string; at: string };
  /** The operator's pending OAuth connect (PKCE verifier lives only here, never in a URL). */
  oauth_pending: { state: string; codeVerifier: string; at: string };
}
export type AgentStateKey = keyof AgentStateValues;

export async function getAgentState<K extends AgentStateKey>(
  db: Db,
  key: K,
): Promise<AgentStateValues[K] | null> {
  const rows = await db.select().from(agentState).where(eq(agentState.key, key)).limit(1);
  return (rows[0]?.value as AgentStateValues[K] | undefined) ?? null;
}

export async function setAgentState<K extends AgentStateKey>(
  db: Db,
  key: K,
  value: AgentStateValues[K],
): Promise<void> {
  await db
    .insert(agentState)
    .values({ key, value })
    .onConflictDoUpdate({ target: agentState.key, set: { value, updatedAt: sql`now()` } });
}

export async function deleteAgentState(db: Db, key: AgentStateKey): Promise<void> {
  await db.delete(agentState).where(eq(agentState.key, key));
}
