// The burst bench's figures, read from the one database after the run (scripts/bench/burst.ts).
import { sql } from 'drizzle-orm';
import type { ScaleRun } from '../../tests/support/scale-run.ts';

const idList = (ids: string[]) => ids.join(',');
const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
const spread = (ms: number[]) => {
  const s = [...ms].sort((a, b) => a - b);
  return { n: s.length, p50: pct(s, 50), p95: pct(s, 95), max: s[s.length - 1] ?? Number.NaN };
};

/** Mention → command executed (money moved or refused): from X listing the post to the agent finishing it. */
export async function executedTimes(r: ScaleRun, ids: string[]) {
  const rows = await r.query<{ ms: number; read: number }>(sql`
    select extract(epoch from (i.processed_at - p.created_at)) * 1000 as ms,
      extract(epoch from (i.received_at - p.created_at)) * 1000 as read
    from agent_inbox i join sandbox.x_posts p on p.id = i.post_id::bigint
    where i.post_id = any(string_to_array(${idList(ids)}, ',')) and i.processed_at is not null`);
  // Where the time went: reading the post from X, then running it.
  return {
    ...spread(rows.map((x) => Number(x.ms))),
    read: spread(rows.map((x) => Number(x.read))),
  };
}

/** Mention → the agent's reply on X, for the replies that left; and every agent post's time. */
export async function replyTimes(r: ScaleRun, ids: string[]) {
  const agent = r.t.config.publicConfig.agentHandle;
  const rows = await r.query<{ ms: number; n: number }>(sql`
    select extract(epoch from (min(r.created_at) - p.created_at)) * 1000 as ms, count(*)::int as n
    from sandbox.x_posts p join sandbox.x_posts r on r.in_reply_to_id = p.id
    join sandbox.x_users u on u.id = r.author_id and lower(u.username) = lower(${agent})
    where p.id = any(string_to_array(${idList(ids)}, ',')::bigint[]) group by p.id`);
  const posts = await r.query<{ at: Date }>(sql`
    select p.created_at as at from sandbox.x_posts p
    join sandbox.x_users u on u.id = p.author_id and lower(u.username) = lower(${agent})`);
  return {
    ...spread(rows.map((x) => Number(x.ms))),
    answeredTwice: rows.filter((x) => x.n > 1).length,
    postTimes: posts.map((p) => new Date(p.at).getTime()).sort((a, b) => a - b),
  };
}

/** The most posts inside any sliding window of `ms` (X's windows slide from each post). */
export function mostInWindow(times: number[], ms: number) {
  let most = 0;
  for (let start = 0, end = 0; end < times.length; end++) {
    while (times[end]! - times[start]! >= ms) start++;
    most = Math.max(most, end - start + 1);
  }
  return most;
}

/** Every mention has run (status done: executed, refused or answered with help). */
export async function notRun(r: ScaleRun, ids: string[]) {
  const [row] = await r.query<{ n: number }>(sql`
    select count(*)::int as n from unnest(string_to_array(${idList(ids)}, ',')) as m(id)
    where not exists (select 1 from agent_inbox i where i.post_id = m.id and i.status = 'done')`);
  return row!.n;
}

/** Replies still queued, by the order they leave in (reply-priority.ts). */
export async function backlog(r: ScaleRun) {
  return r.query<{ priority: number; n: number }>(sql`
    select priority, count(*)::int as n from agent_outbox where status = 'pending'
    group by priority order by priority desc`);
}

export interface Bill {
  operations: Record<string, { units: number; microUsd: string }>;
  totalMicroUsd: string;
}
export const bill = async (r: ScaleRun) =>
  (await r.t.call('GET', '/sandbox/x/_admin/credits')).body.today as Bill;

/** What the run cost on the local X's bill, per operation (this UTC day's, after minus before). */
export function billDelta(before: Bill, after: Bill) {
  const ops = Object.entries(after.operations).flatMap(([op, v]) => {
    const was = before.operations[op] ?? { units: 0, microUsd: '0' };
    const units = v.units - was.units;
    return units > 0 ? [{ op, units, micro: BigInt(v.microUsd) - BigInt(was.microUsd) }] : [];
  });
  return { ops, total: BigInt(after.totalMicroUsd) - BigInt(before.totalMicroUsd) };
}
