import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows-of.ts';
import type { ActivityKind } from '../../shared/activity/contract.ts';
import { kindSql } from './kinds.ts';

/**
 * The confirmed UP that came into the wallet minus what left it (the amount, the 0.5% fee and
 * the network fee), over the rows `kind` selects: the figure the history's total shows in
 * USD. Pending and refused rows moved nothing yet, so they are not in it.
 */
export async function confirmedUpTotal(
  db: Db,
  p: { walletId: string; kind?: ActivityKind },
): Promise<bigint> {
  const ofKind = (d: 'out' | 'in') => (p.kind ? sql`and ${kindSql(d)} = ${p.kind}` : sql``);
  const result = await db.execute(sql`
    select
      coalesce((select sum(t.amount) from transfers t where t.to_wallet_id = ${p.walletId}
        and t.from_wallet_id <> ${p.walletId} and t.token = 'UP' and t.state = 'confirmed'
        ${ofKind('in')}), 0)
      - coalesce((select sum(t.amount + coalesce(t.fee, 0) + coalesce((select
          sum((l.signed->'value'->>'fee')::numeric) from transfer_transactions l
          where l.transfer_id = t.id), 0))
        from transfers t where t.from_wallet_id = ${p.walletId} and t.token = 'UP'
        and t.state = 'confirmed' ${ofKind('out')}), 0) as net`);
  const net = rowsOf<{ net: string | number }>(result)[0]?.net ?? 0;
  return BigInt(String(net).split('.')[0]!);
}
