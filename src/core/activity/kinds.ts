import { type SQL, sql } from 'drizzle-orm';
import type { ActivityKind } from '@/shared/activity/contract.ts';

/*
 * Every movement of a wallet is a transfer row, and its idempotency key says what it was for:
 * the key each service pays with (`charge:` core/allowances, `subscription:` purchase.ts,
 * `reward:` / `post-reward:` the reward jobs, `unclaimed-return(-fee):` core/unclaimed, `sweep:`
 * the key-compromise sweep); an agent send is keyed by its post id alone. So the history reads
 * one table, and a new kind of payment needs a line here, not a new query.
 */

/** The kind of a row, from its key and the side of it this wallet is on (`direction`). */
export function kindSql(direction: 'out' | 'in'): SQL {
  const plain = direction === 'out' ? 'send' : 'receive';
  return sql`case
    when t.idempotency_key like 'charge:%' then 'command'
    when t.idempotency_key like 'subscription:%' then 'subscription'
    when t.idempotency_key like 'reward:%' or t.idempotency_key like 'post-reward:%' then 'reward'
    when t.idempotency_key like 'unclaimed-return-fee:%' then 'refund'
    when t.idempotency_key like 'unclaimed-return:%' then 'returned'
    when t.idempotency_key like 'sweep:%' then 'move'
    else ${plain} end`;
}

const ITEMS: Record<string, string> = {
  analysis: 'Token analysis',
  evidence: 'Digital evidence',
  video: 'Promotion video',
};

/** What the movement paid for or came from, in words; null for a plain send or receipt. */
export function describeMovement(
  kind: ActivityKind,
  key: string,
  plan: { tier: string | null; months: number | null },
): string | null {
  const parts = key.split(':');
  if (kind === 'command') return ITEMS[parts[1] ?? ''] ?? 'Paid command';
  if (kind === 'subscription' && plan.tier) {
    const tier = plan.tier[0]!.toUpperCase() + plan.tier.slice(1);
    return `${tier} plan, ${plan.months} month${plan.months === 1 ? '' : 's'}`;
  }
  if (kind === 'subscription') return 'Plan';
  if (kind === 'reward' && parts[0] === 'reward') return `Monthly reward ${parts[1]}`;
  if (kind === 'reward') return `Quality-post reward ${parts[1]}`;
  if (kind === 'returned') return 'Unclaimed send returned';
  if (kind === 'refund') return 'Fee of an unclaimed send returned';
  if (kind === 'move') return 'Moved to a new key';
  return null;
}

/**
 * The post whose receipt (`/receipts/{postId}`) tells this movement's story: the command post
 * of a send or a paid command, the post that bought a plan through the agent.
 */
export function receiptPostOf(kind: ActivityKind, key: string, planRequestKey: string | null) {
  if ((kind === 'send' || kind === 'receive') && /^\d{1,19}$/.test(key)) return key;
  const command = /^charge:(?:analysis|evidence|video):(\d{1,19})$/.exec(key);
  if (kind === 'command' && command) return command[1]!;
  const post = /^post:(\d{1,19})$/.exec(planRequestKey ?? '');
  if (kind === 'subscription' && post) return post[1]!;
  return null;
}
