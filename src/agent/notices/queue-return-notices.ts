import { sql } from 'drizzle-orm';
import { rowsOf } from '@/db/rows-of.ts';
import { formatTokenAmountExact } from '@/shared/units.ts';
import { enqueueReply } from '../outbox/outbox-queue.ts';
import type { NoticeDeps } from './queue-notices.ts';

/**
 * Tells each sender whose money came back unclaimed (decision 0048): a reply to their send's
 * post on X, under the key `unclaimed-return:<transfer>`, so it is posted once whatever reruns.
 * Sends from the web console have no post on X to answer: their receipt says it.
 */
export async function queueUnclaimedReturnNotices(deps: NoticeDeps): Promise<number> {
  const due = rowsOf<{
    transfer_id: string;
    post_id: string;
    amount: string;
    fee: string;
    token: string;
    handle: string | null;
  }>(
    await deps.db.execute(sql`select u.transfer_id, i.post_id, t.amount::text as amount,
        coalesce(t.fee, 0)::text as fee, t.token, coalesce(r.username, w.handle) as handle
      from unclaimed_sends u
      join transfers t on t.id = u.transfer_id
      join agent_inbox i on i.post_id = t.idempotency_key and i.source = 'x'
      left join users r on r.x_user_id = u.recipient_x_user_id
      left join wallets w on w.id = t.to_wallet_id
      where u.state = 'returned' and not exists (select 1 from agent_outbox o
        where o.key = 'unclaimed-return:' || u.transfer_id)
      order by u.settled_at limit 100`),
  );
  for (const r of due) {
    const amount = `${formatTokenAmountExact(BigInt(r.amount))} ${r.token}`;
    const fee = BigInt(r.fee) > 0n ? ' and its fee' : '';
    const who = r.handle && !r.handle.startsWith('~') ? `@${r.handle}` : 'the recipient';
    await enqueueReply(deps.db, {
      key: `unclaimed-return:${r.transfer_id}`,
      postId: r.post_id,
      inReplyToId: r.post_id,
      text: `Returned: the ${amount} you sent ${who}${fee} came back to your wallet, unclaimed: they did not sign in to Upsider in time. Receipt: ${deps.publicUrl}/receipts/${r.post_id}`,
    });
  }
  return due.length;
}
