import { sql } from 'drizzle-orm';
import type { Db } from '@/db/client.ts';
import { rowsOf } from '@/db/rows-of.ts';
import type { ActivityKind } from '@/shared/activity/contract.ts';
import { kindSql } from './kinds.ts';

/**
 * The confirmed UP that came into the wallet minus what left it (the amount, the 0.5% fee and
 * the network fee), over the rows `kind` selects: the figure the history's total shows in
 * USD. Pending and refused rows moved nothing yet, so they are not in it. Three set-wise sums
 * (no per-row subquery): the network fees join the wallet's legs once.
 */
export async function confirmedUpTotal(
  db: Db,
  p: { walletId: string; kind?: ActivityKind },
): Promise<bigint> {
  const ofKind = (d: 'out' | 'in') => (p.kind ? sql`and ${kindSql(d)} = ${p.kind}` : sql``);
  const mine = (d: 'out' | 'in') =>
    d === 'out'
      ? sql`t.from_wallet_id = ${p.walletId}`
      : sql`t.to_wallet_id = ${p.walletId} and t.from_wallet_id <> ${p.walletId}`;
  const confirmedUp = (d: 'out' | 'in') =>
    sql`${mine(d)} and t.token = 'UP' and t.state = 'confirmed' ${ofKind(d)}`;
  const result = await db.execute(sql`
    select
      (select coalesce(sum(t.amount), 0) from transfers t where ${confirmedUp('in')})
      - (select coalesce(sum(t.amount + coalesce(t.fee, 0)), 0) from transfers t
          where ${confirmedUp('out')})
      - (select coalesce(sum((l.signed->'value'->>'fee')::numeric), 0)
          from transfers t join transfer_transactions l on l.transfer_id = t.id
          where ${confirmedUp('out')}) as net`);
  const net = rowsOf<{ net: string | number }>(result)[0]?.net ?? 0;
  return BigInt(String(net).split('.')[0]!);
}
