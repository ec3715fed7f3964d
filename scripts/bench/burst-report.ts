// What the burst bench prints (scripts/bench/burst.ts): times, X's windows, the backlog, cost.
import { sql } from 'drizzle-orm';
import { getAgentState } from '@/agent/state.ts';
import type { Db } from '@/db/client.ts';
import { formatMicroUsd, postCreateOperation, priceOf } from '@/integrations/x/pricing.ts';
import { DEFAULT_LIMITS } from '@/sandbox/x/context.ts';
import type { ScaleRun } from '../../tests/support/scale-run.ts';
import {
  type Bill,
  backlog,
  bill,
  billDelta,
  executedTimes,
  mostInWindow,
  replyTimes,
} from './burst-measure.ts';
import type { BurstKind } from './burst-mix.ts';
import { addGoalRow } from './goals.ts';

const MINUTE = 60_000;
const GOAL_EXECUTED_P95_MS = 10_000;
const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const MONEY: BurstKind[] = ['send', 'big send', 'confirm'];

export async function printFigures(
  r: ScaleRun,
  p: {
    ids: string[];
    kinds: Map<string, BurstKind>;
    apiPorts: number[];
    failures: string[];
    userCount: number;
    funded: number;
    landedMs: number;
  },
) {
  const { ids, failures } = p;
  const count = new Map<BurstKind, number>();
  for (const k of p.kinds.values()) count.set(k, (count.get(k) ?? 0) + 1);
  console.info(
    `  ${ids.length} mentions from ${p.userCount} users (${p.funded} funded regulars), landed within ${s(p.landedMs)} of real time: the viral hour compressed; X's posting windows run on the real clock`,
  );
  console.info(`  mix: ${[...count].map(([k, n]) => `${k} ${n}`).join(', ')}`);
  const exec = await executedTimes(r, ids);
  const money = await executedTimes(
    r,
    ids.filter((id) => MONEY.includes(p.kinds.get(id)!)),
  );
  console.info(
    `  mention → executed (from X listing it): p50 ${s(exec.p50)}, p95 ${s(exec.p95)}, max ${s(exec.max)} (${exec.n}; of it reading from X p50 ${s(exec.read.p50)}, p95 ${s(exec.read.p95)}); money commands p95 ${s(money.p95)} — goal p95 ≤ 10 s ${exec.p95 <= GOAL_EXECUTED_P95_MS ? 'met' : 'NOT met'}`,
  );
  addGoalRow({
    what: 'viral hour: mention → executed p95',
    unit: 'ms',
    baseline: null,
    runs: [exec.p95],
    goal: '≤ 10,000 ms',
    met: exec.p95 <= GOAL_EXECUTED_P95_MS,
  });
  const replies = await replyTimes(r, ids);
  console.info(
    `  mention → reply, for the ${replies.n} replies that left: p50 ${s(replies.p50)}, p95 ${s(replies.p95)}`,
  );
  const most15 = mostInWindow(replies.postTimes, 15 * MINUTE);
  const most3h = mostInWindow(replies.postTimes, 180 * MINUTE);
  console.info(
    `  agent posts: most in any 15 min ${most15} (cap ${DEFAULT_LIMITS.tweetCreate}), in any 3 h ${most3h} (cap ${DEFAULT_LIMITS.tweetCreateThreeHours})`,
  );
  if (most15 > DEFAULT_LIMITS.tweetCreate || most3h > DEFAULT_LIMITS.tweetCreateThreeHours)
    failures.push(`posting cap broken: ${most15} / 15 min, ${most3h} / 3 h`);
  if (replies.answeredTwice > 0) failures.push(`${replies.answeredTwice} posts answered twice`);
  const blocked = await getAgentState(r.t.deps.db as Db, 'post_blocked_until');
  if (blocked) failures.push(`X answered 429 to a post (blocked until ${blocked.until})`);

  const queued = await backlog(r);
  const depth = queued.reduce((sum, q) => sum + q.n, 0);
  const status = await (await fetch(`http://127.0.0.1:${p.apiPorts[0]}/api/agent/status`)).json();
  const drainAt = status.outbox.drainEstimateAt as string | null;
  console.info(
    `  reply backlog ${depth} (by priority ${queued.map((q) => `${q.priority}: ${q.n}`).join(', ')}); /status: ${status.outbox.depth} queued, the last leaves about ${drainAt ? `${((Date.parse(drainAt) - Date.now()) / 3_600_000).toFixed(1)} h from now` : 'now'} at X's pace (cold ones fold into one digest per author first: decision 0063)`,
  );
  await checkReceipts(r, p.ids, p.apiPorts, failures);
}

/** A sample of receipts over both API processes: each one there, a queued reply with its place. */
async function checkReceipts(r: ScaleRun, ids: string[], ports: number[], failures: string[]) {
  const step = Math.max(1, Math.floor(ids.length / 100));
  let missing = 0;
  let withPlace = 0;
  let queued = 0;
  let last: { place: number; depth: number; estimatedAt: string } | null = null;
  for (let i = 0; i < ids.length; i += step) {
    const res = await fetch(`http://127.0.0.1:${ports[i % ports.length]}/api/receipts/${ids[i]}`);
    if (res.status !== 200) {
      missing++;
      continue;
    }
    const body = await res.json();
    if (body.reply.status !== 'pending') continue;
    queued++;
    if (body.reply.queue) {
      withPlace++;
      last = body.reply.queue;
    }
  }
  if (missing > 0) failures.push(`${missing} sampled receipts missing`);
  if (withPlace < queued) failures.push(`${queued - withPlace} queued replies without a place`);
  console.info(
    `  receipts: ${Math.ceil(ids.length / step)} sampled over both API processes, ${missing} missing; ${queued} with a reply to come, each with its place${last ? ` (e.g. ${last.place.toLocaleString('en-US')} of ${last.depth.toLocaleString('en-US')}, about ${((Date.parse(last.estimatedAt) - Date.now()) / 60_000).toFixed(0)} min)` : ''}`,
  );
  void r;
}

/** X reads and the hour's cost: what the local X billed, and what the queued replies will. */
export async function printCost(r: ScaleRun, before: Bill) {
  const { ops, total } = billDelta(before, await bill(r));
  for (const o of ops)
    console.info(
      `    X billed ${o.op.padEnd(20)} ${String(o.units).padStart(6)} × → ${formatMicroUsd(o.micro)}`,
    );
  const pending = await r.query<{ text: string; to: string | null }>(sql`
    select text, in_reply_to_id as "to" from agent_outbox where status = 'pending'`);
  const later = pending.reduce(
    (sum, q) => sum + priceOf(postCreateOperation({ text: q.text, summonedReply: q.to !== null })),
    0n,
  );
  console.info(
    `  X cost of the hour: ${formatMicroUsd(total)} billed during the run, ${formatMicroUsd(later)} more for the ${pending.length} queued replies as they are (less once folded into digests)`,
  );
}
