// What the faults bench checks after each fault: issue 45 §2's invariants over everything posted
// so far, read straight from the product's and the twins' tables.
import { type SQL, sql } from 'drizzle-orm';
import type { AgentEnv } from '../../tests/support/agent-env.ts';

export async function rows<T>(env: AgentEnv, q: SQL): Promise<T[]> {
  return ((await env.database.db.execute(q)) as unknown as { rows: T[] }).rows;
}

/** Every token's total on the local network: nothing is minted or burned by a transfer. */
export async function supply(env: AgentEnv) {
  const r = await rows<{ token: string; total: string }>(
    env,
    sql`select token, sum(balance)::text as total from sandbox.constellation_accounts group by token`,
  );
  return Object.fromEntries(r.map((x) => [x.token, BigInt(x.total)]));
}

/** How many agent replies each of these posts has. */
export async function replyCounts(env: AgentEnv, postIds: string[]) {
  const agent = env.config.publicConfig.agentHandle;
  const r = await rows<{ id: string; n: number }>(
    env,
    sql`select p.id::text as id, count(r.id)::int as n from sandbox.x_posts p
      left join sandbox.x_posts r on r.in_reply_to_id = p.id
        and r.author_id = (select id from sandbox.x_users where lower(username) = lower(${agent}))
      where p.id = any(string_to_array(${postIds.join(',')}, ',')::bigint[]) group by p.id`,
  );
  return new Map(r.map((x) => [x.id, x.n]));
}

/** The invariants; an empty list: all hold. */
export async function invariants(
  env: AgentEnv,
  p: { posts: string[]; supplyBefore: Record<string, bigint> },
) {
  const problems: string[] = [];
  const counts = await replyCounts(env, p.posts);
  const twice = [...counts].filter(([, n]) => n > 1);
  const unanswered = p.posts.filter((id) => (counts.get(id) ?? 0) === 0);
  if (twice.length) problems.push(`${twice.length} posts answered twice (${twice[0]![0]})`);
  if (unanswered.length) {
    // Where they are: read or not, and the inbox and outbox rows' states.
    const where = await rows<{ inbox: string | null; outbox: string | null; n: number }>(
      env,
      sql`select i.status as inbox, o.status as outbox, count(*)::int as n
        from unnest(string_to_array(${unanswered.join(',')}, ',')) as u(id)
        left join agent_inbox i on i.post_id = u.id
        left join agent_outbox o on o.key = 'reply:' || u.id group by 1, 2`,
    );
    problems.push(
      `${unanswered.length} commands unanswered (inbox/outbox: ${where.map((w) => `${w.inbox}/${w.outbox}×${w.n}`).join(', ')})`,
    );
  }
  // One transfer per command, its payment accepted on the network at most once.
  const dup = await rows<{ key: string; n: number; accepted: number }>(
    env,
    sql`select t.idempotency_key as key, count(*) over (partition by t.idempotency_key)::int as n,
      (select count(*)::int from transfer_transactions tt
        join sandbox.constellation_transactions ct on ct.hash = tt.hash
        where tt.transfer_id = t.id and tt.kind = 'payment') as accepted
    from transfers t`,
  );
  const doubled = dup.filter((d) => d.n > 1 || d.accepted > 1);
  if (doubled.length) problems.push(`${doubled.length} transfers duplicated (${doubled[0]!.key})`);
  const open = await rows<{ n: number }>(
    env,
    sql`select count(*)::int as n from transfers where state not in ('confirmed', 'rejected', 'failed')`,
  );
  if (open[0]!.n > 0) problems.push(`${open[0]!.n} transfers not settled`);
  const after = await supply(env);
  for (const [token, before] of Object.entries(p.supplyBefore))
    if (after[token] !== before) problems.push(`supply of ${token}: ${before} → ${after[token]}`);
  const negative = await rows<{ n: number }>(
    env,
    sql`select count(*)::int as n from sandbox.constellation_accounts where balance < 0`,
  );
  if (negative[0]!.n > 0) problems.push(`${negative[0]!.n} negative balances`);
  return problems;
}
