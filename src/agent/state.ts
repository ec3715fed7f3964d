import { eq, sql } from 'drizzle-orm';
import type { Db } from '@/db/client.ts';
import { agentState } from '@/db/schema/index.ts';

/** Keys of agent_state and the JSON each holds. */
export interface AgentStateValues {
  /** Newest mention id stored durably in the inbox: the next poll's since_id. */
  /**
   * The newest mention read, and the newest one the very first read passed over (older than the
   * first-read window): re-reads before the cursor never go back past that one.
   */
  mentions_cursor: { sinceId: string; at: string; skippedThroughId?: string };
  /** When mentions were last read successfully, and how many arrived. */
  mentions_last_poll: { at: string; count: number; newestId: string | null };
  /** Latest x-rate-limit-* headers per endpoint ('mentions', 'post', 'lookup': a post by id). */
  x_rate_mentions: { limit: number; remaining: number; resetAt: string };
  x_rate_post: { limit: number; remaining: number; resetAt: string };
  x_rate_lookup: { limit: number; remaining: number; resetAt: string };
  /** After a 429 on POST /2/tweets: no worker posts before this time. */
  post_blocked_until: { until: string };
  /** X_DAILY_BUDGET_USD was reached on `day`: replies wait until `until` (the next UTC day). */
  x_budget_reached: { day: string; until: string; at: string };
  /** X answered with its usage cap: no X call before `until` (cleared by `agent:resume`). */
  x_usage_capped: {
    until: string;
    period: string | null;
    scope: string | null;
    detail: string;
    at: string;
    /**
     * 'credits': X refused for want of pay-per-use credit; `until` is the next probe (the X
     * loops call again then, with a longer wait after each refusal), `probes` how many failed.
     */
    kind?: 'usage_cap' | 'credits';
    probes?: number;
  };
  /** Set by `npm run agent:pause` / `agent:resume`. */
  paused: { paused: boolean; by: string; at: string };
  /** Who is refreshing the agent's X tokens (refresh tokens are single-use: one refresher). */
  token_refresh_lease: { until: string; by: string };
  /**
   * Whose turn it is to read mentions, and until when: one reader for every worker, so the
   * read budget is paced once (loops/mentions.ts), not once per worker.
   */
  mentions_read_turn: { until: string; by: string };
  /** The operator's pending OAuth connect (PKCE verifier lives only here, never in a URL). */
  oauth_pending: { state: string; codeVerifier: string; at: string };
  /** Mentions pushed by X's Activity API: the webhook and subscription, the last event. */
  mentions_push: {
    webhookId: string;
    subscriptionId: string;
    since: string;
    lastEventAt?: string;
  };
  /** The webhook X marks invalid failed its re-validation: X pushes nothing, polling reads. */
  mentions_push_failure: { webhookId: string; url: string; detail: string; at: string };
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

/**
 * Takes a short lease stored under `key` unless someone else holds an unexpired one. A lease
 * instead of a row lock: the work done under it may call services (the local X in sandbox
 * mode) that use this same single-connection database. Expiry is the database's clock, one
 * for every process: a worker whose own clock runs ahead must not take a lease still held.
 */
export type LeaseKey = 'token_refresh_lease' | 'mentions_read_turn';

export async function tryLease(
  db: Db,
  key: LeaseKey,
  p: { by: string; ms: number },
): Promise<boolean> {
  const value = sql`jsonb_build_object('until', now() + ${p.ms} * interval '1 millisecond', 'by', ${p.by}::text)`;
  const rows = await db
    .insert(agentState)
    .values({ key, value })
    .onConflictDoUpdate({
      target: agentState.key,
      set: { value, updatedAt: sql`now()` },
      where: sql`(${agentState.value}->>'until')::timestamptz < now() or ${agentState.value}->>'by' = ${p.by}`,
    })
    .returning({ key: agentState.key });
  return rows.length > 0;
}

/** Gives a lease back, if this holder still has it (one taken over after expiry stays). */
export async function releaseLease(db: Db, key: LeaseKey, by: string) {
  await db
    .delete(agentState)
    .where(sql`${agentState.key} = ${key} and ${agentState.value}->>'by' = ${by}`);
}
