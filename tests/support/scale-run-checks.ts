import { sql } from 'drizzle-orm';
import type { ScaleRun } from './scale-run.ts';

/** The invariants every multi-process run ends with, read from the database. */
export async function checkInvariants(
  run: ScaleRun,
  p: { mentions: string[]; sends: string[]; supplyBefore: Record<string, bigint> },
) {
  const agent = run.t.config.publicConfig.agentHandle;
  const problems: string[] = [];
  const replyCounts = await run.query<{ id: string; n: number }>(sql`
    select p.id::text as id, count(r.id)::int as n from sandbox.x_posts p
    left join sandbox.x_posts r on r.in_reply_to_id = p.id
      and r.author_id = (select id from sandbox.x_users where lower(username) = lower(${agent}))
    where p.id = any(string_to_array(${p.mentions.join(',')}, ',')::bigint[])
    group by p.id`);
  const notOnce = replyCounts.filter((r) => r.n !== 1);
  if (replyCounts.length !== p.mentions.length || notOnce.length > 0) {
    problems.push(
      `replies: ${notOnce.length} posts not answered exactly once (${notOnce
        .slice(0, 5)
        .map((r) => `${r.id}×${r.n}`)
        .join(', ')})`,
    );
  }
  const inbox = await run.query<{ status: string; n: number; leased: number }>(sql`
    select status, count(*)::int as n,
      count(*) filter (where locked_until is not null and status = 'pending')::int as leased
    from agent_inbox where post_id = any(string_to_array(${p.mentions.join(',')}, ',')) group by status`);
  const inboxDone = inbox.find((r) => r.status === 'done')?.n ?? 0;
  if (inboxDone !== p.mentions.length)
    problems.push(`inbox: ${JSON.stringify(inbox)} (expected all ${p.mentions.length} done)`);
  const leased = await run.query<{ q: string; n: number }>(sql`
    select 'jobs' as q, count(*)::int as n from jobs where status = 'pending' and locked_by is not null
    union all select 'inbox', count(*)::int from agent_inbox where status = 'pending' and locked_by is not null
    union all select 'outbox', count(*)::int from agent_outbox where status = 'pending' and locked_by is not null`);
  const outbox = await run.query<{ status: string; n: number }>(sql`
    select status, count(*)::int as n from agent_outbox group by status`);
  if (outbox.some((r) => r.status !== 'sent'))
    problems.push(`outbox: ${JSON.stringify(outbox)} (expected every reply sent)`);
  // Sends: one transfer per post, confirmed, its transaction accepted on the network once.
  const transfers = await run.query<{ key: string; state: string; n: number; accepted: number }>(
    sql`select t.idempotency_key as key, t.state, count(*) over (partition by t.idempotency_key)::int as n,
      (select count(*)::int from transfer_transactions tt
        join sandbox.constellation_transactions ct on ct.hash = tt.hash
        where tt.transfer_id = t.id and tt.kind = 'payment') as accepted
    from transfers t where t.idempotency_key = any(string_to_array(${p.sends.join(',')}, ','))`,
  );
  const badTransfers = transfers.filter(
    (r) => r.n !== 1 || r.state !== 'confirmed' || r.accepted !== 1,
  );
  // A send the agent refused (and said why) moves nothing: only a send that moved must be settled.
  const found = new Set(transfers.map((r) => r.key));
  const missing = p.sends.filter((k) => !found.has(k));
  const refusals = missing.length
    ? await run.query<{ id: string; text: string; reply: string }>(sql`
      select p.id::text as id, p.text, r.text as reply from sandbox.x_posts p
      join sandbox.x_posts r on r.in_reply_to_id = p.id
      where p.id = any(string_to_array(${missing.join(',')}, ',')::bigint[])`)
    : [];
  const unexplained = refusals.filter((r) => !/^(Not sent|Can't send|Cannot send)/i.test(r.reply));
  if (unexplained.length > 0 || refusals.length !== missing.length || badTransfers.length > 0) {
    problems.push(
      `transfers: ${transfers.length}/${p.sends.length} found, ${badTransfers.length} not settled exactly once ${JSON.stringify(badTransfers.slice(0, 3))}; sends without a transfer: ${JSON.stringify(refusals.slice(0, 3))}`,
    );
  }
  const negative = await run.query<{ n: number }>(sql`
    select count(*)::int as n from sandbox.constellation_accounts where balance < 0`);
  if (negative[0]!.n > 0) problems.push(`${negative[0]!.n} negative balances`);
  const supplyAfter = await supply(run);
  for (const [token, before] of Object.entries(p.supplyBefore)) {
    if (supplyAfter[token] !== before)
      problems.push(`supply of ${token}: ${before} before, ${supplyAfter[token]} after`);
  }
  return {
    problems,
    leftLeased: Object.fromEntries(leased.map((r) => [r.q, r.n])),
    transfers: transfers.length,
    refusedSends: refusals.map((r) => r.reply),
  };
}

/** Every token's total on the local network (balances, fees paid included: nothing burned). */
export async function supply(run: ScaleRun) {
  const rows = await run.query<{ token: string; total: string }>(sql`
    select token, sum(balance)::text as total from sandbox.constellation_accounts group by token`);
  return Object.fromEntries(rows.map((r) => [r.token, BigInt(r.total)]));
}
