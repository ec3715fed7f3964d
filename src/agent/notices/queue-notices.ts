import { sql } from 'drizzle-orm';
import type { Db } from '@/db/client.ts';
import { rowsOf } from '@/db/rows-of.ts';
import { formatTokenAmount } from '@/shared/units.ts';
import type { XAccessTier } from '@/shared/x-access-tier.ts';
import { enqueueReply } from '../outbox/outbox-queue.ts';

/**
 * Replies the agent posts without being asked: a reward winner's announcement and a renewal
 * reminder. Each is a reply to a post of the user's to the agent (the agent only ever answers
 * people who talk to it; a reward only under a post that asked nothing else, `rewardTarget`) and goes through the outbox under a key naming what it announces, so a
 * rerun, a second worker or a crash between rounds never posts it twice. A user who never posted
 * to the agent gets no reply; the dashboard shows the same facts.
 */
export interface NoticeDeps {
  db: Db;
  now: () => Date;
  publicUrl: string;
  agentHandle: string;
  /** Self-serve: no quote posts ($UP post rewards, decision 0043). */
  accessTier: XAccessTier;
}

const TIER_NAME = { pro: 'Pro', premium: 'Premium' } as const;

/** '2026-10' → 'October 2026'. */
export function monthName(month: string) {
  return new Date(`${month}-01T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** The latest post the user addressed to the agent on X (mentions recorded by the engine). */
const latestMention = (userId: unknown) => sql`(select a.post_id from activities a
  where a.user_id = ${userId} and a.kind = 'mention' order by a.created_at desc limit 1)`;

/**
 * A post of the winner's, made since the rewarded month began, that summoned the agent without
 * asking it for anything: a chat ("gm @UpsiderAgent", answered with the help) or a passing
 * mention. A reply is allowed there (the author summoned the agent, decisions 0043/0044) and
 * reads as the agent talking back, never as the answer to an unrelated command (issue 43 §3: a
 * reward under "send 5 UP to @bob" read as that send's result). A near-miss command
 * ("blance", answered with "did you mean") is a command, so it is not one.
 */
const rewardTarget = (userId: unknown, month: unknown) => sql`(select i.post_id from agent_inbox i
  where i.author_id = ${userId} and i.source = 'x' and i.status = 'done'
    and i.received_at >= (${month} || '-01T00:00:00Z')::timestamptz
    and ((i.command->>'kind' in ('unknown', 'help') and not (i.command ? 'didYouMean'))
      or (i.command is null and i.outcome->>'reason' = 'in_passing'))
  order by i.received_at desc limit 1)`;

/**
 * Every paid reward not yet announced: "#2 on the October 2026 leaderboard: 333.33 UP", in a
 * reply under `rewardTarget`. A winner with no such post hears nothing from the agent: the
 * leaderboard's payouts and their wallet show it (a reply elsewhere X refuses on self-serve, and
 * a post naming them would tag them unasked).
 */
export async function queueRewardNotices(deps: NoticeDeps): Promise<number> {
  const due = rowsOf<{
    month: string;
    x_user_id: string;
    rank: number;
    amount: string;
    post_id: string | null;
  }>(
    await deps.db.execute(sql`select * from (select p.month, p.x_user_id, p.rank,
        p.amount::text as amount, ${rewardTarget(sql`p.x_user_id`, sql`p.month`)} as post_id
      from reward_payouts p
      where p.state = 'paid' and not exists (select 1 from agent_outbox o
        where o.key = 'reward:' || p.month || ':' || p.x_user_id)) r
      where r.post_id is not null
      order by r.month, r.rank limit 100`),
  );
  let queued = 0;
  for (const r of due) {
    if (!r.post_id) continue;
    // Two decimals, as every balance and price is shown ("333.33 UP"; the wallet has the rest).
    const amount = formatTokenAmount(BigInt(r.amount));
    await enqueueReply(deps.db, {
      key: `reward:${r.month}:${r.x_user_id}`,
      postId: r.post_id,
      inReplyToId: r.post_id,
      text: `You finished #${r.rank} on the ${monthName(r.month)} leaderboard: ${amount} UP from the monthly rewards is in your wallet. Thank you! ${deps.publicUrl}/leaderboard`,
    });
    queued++;
  }
  return queued;
}

/**
 * Subscribers whose plan (their latest end date) ends within `days`: one reminder per end date,
 * so an extension that moves the end date earns a new reminder only when that one draws near.
 */
export async function queueRenewalReminders(
  deps: NoticeDeps,
  p: { days: number },
): Promise<number> {
  if (p.days <= 0) return 0;
  const now = deps.now();
  const until = new Date(now.getTime() + p.days * 86_400_000);
  const due = rowsOf<{
    x_user_id: string;
    tier: 'pro' | 'premium';
    end_date: string | Date;
    post_id: string | null;
  }>(
    await deps.db.execute(sql`select l.x_user_id, l.tier, l.end_date, ${latestMention(sql`l.x_user_id`)} as post_id
      from (select distinct on (s.x_user_id) s.x_user_id, s.tier, s.end_date from subscriptions s
        where s.end_date > ${now.toISOString()} and s.tier <> 'free'
        order by s.x_user_id, s.end_date desc) l
      where l.end_date <= ${until.toISOString()} limit 500`),
  );
  let queued = 0;
  for (const r of due) {
    if (!r.post_id) continue;
    const end = new Date(r.end_date);
    const days = Math.max(1, Math.ceil((end.getTime() - now.getTime()) / 86_400_000));
    const date = end.toLocaleDateString('en-US', {
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      timeZone: 'UTC',
    });
    const inserted = await enqueueReply(deps.db, {
      key: `renewal:${r.x_user_id}:${end.toISOString()}`,
      postId: r.post_id,
      inReplyToId: r.post_id,
      text: `Your ${TIER_NAME[r.tier]} plan ends on ${date} (${days} day${days === 1 ? '' : 's'} left). To renew, reply "@${deps.agentHandle} subscribe ${r.tier} monthly" or visit ${deps.publicUrl}/premium`,
    });
    if (inserted) queued++;
  }
  return queued;
}
