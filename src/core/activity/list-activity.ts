import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '@/db/client.ts';
import { rowsOf } from '@/db/rows-of.ts';
import type { ActivityItem, ActivityKind } from '@/shared/activity/contract.ts';
import { unitsToDecimal } from '@/shared/units.ts';
import { type ActivityCursor, encodeCursor } from './cursor.ts';
import { describeMovement, kindSql, receiptPostOf } from './kinds.ts';

export type ActivityParams = {
  walletId: string;
  kind?: ActivityKind;
  cursor?: ActivityCursor;
  limit: number;
  /** Transaction page of the block explorer, the hash appended (null: no link). */
  explorerTxUrl: string | null;
};

type Row = {
  id: string;
  idempotency_key: string;
  direction: 'out' | 'in';
  kind: ActivityKind;
  state: string;
  at: string;
  token: string;
  amount: string | null;
  fee: string | null;
  network_fee: string | null;
  payment_hash: string | null;
  other_address: string;
  other_username: string | null;
  other_role: string | null;
  unclaimed_state: string | null;
  plan_tier: string | null;
  plan_months: number | null;
  plan_request_key: string | null;
};

/**
 * One side of the history (what left the wallet, or what came in), newest first from the
 * cursor, at most `limit` rows: one range of transfers_{from,to}_wallet_idx each, merged
 * by the outer query, so a page costs two short index scans whatever the wallet's size. A
 * transfer to itself is listed once, as sent.
 */
function side(direction: 'out' | 'in', p: ActivityParams): SQL {
  const own = direction === 'out' ? sql`t.from_wallet_id` : sql`t.to_wallet_id`;
  const notSelf = direction === 'in' ? sql`and t.from_wallet_id <> ${p.walletId}` : sql``;
  const after = p.cursor
    ? sql`and (t.created_at, t.id) < (${p.cursor.at}::timestamptz, ${p.cursor.id}::uuid)`
    : sql``;
  const ofKind = p.kind ? sql`and ${kindSql(direction)} = ${p.kind}` : sql``;
  return sql`(select t.*, ${direction}::text as direction, ${kindSql(direction)} as kind
    from transfers t where ${own} = ${p.walletId} ${notSelf} ${after} ${ofKind}
    order by t.created_at desc, t.id desc limit ${p.limit + 1})`;
}

/** A page of the wallet's history and the cursor of the next one (null on the last page). */
export async function listActivity(db: Db, p: ActivityParams) {
  const result = await db.execute(sql`
    with page as (${side('out', p)} union all ${side('in', p)})
    select p.id, p.idempotency_key, p.direction, p.kind, p.state, p.token,
      to_json(p.created_at)#>>'{}' as at, p.amount::text, p.fee::text,
      (select sum((l.signed->'value'->>'fee')::numeric)::text from transfer_transactions l
        where l.transfer_id = p.id) as network_fee,
      (select l.hash from transfer_transactions l where l.transfer_id = p.id and l.seq = 0)
        as payment_hash,
      case when p.direction = 'out' then p.to_address else p.from_address end as other_address,
      ou.username as other_username, ow.system_role as other_role,
      us.state as unclaimed_state, q.tier as plan_tier, q.duration_months as plan_months,
      q.request_key as plan_request_key
    from page p
    left join wallets ow on ow.id = case when p.direction = 'out' then p.to_wallet_id
      else p.from_wallet_id end
    left join users ou on ou.x_user_id = ow.x_user_id
    left join unclaimed_sends us on us.transfer_id = p.id
    -- CASE, so only a subscription's key is ever cast to a uuid.
    left join subscription_quotes q on q.id = case when p.kind = 'subscription'
      then substr(p.idempotency_key, 14)::uuid end
    order by p.created_at desc, p.id desc
    limit ${p.limit + 1}`);
  const rows = rowsOf<Row>(result);
  const more = rows.length > p.limit;
  const page = rows.slice(0, p.limit);
  const last = page.at(-1);
  const next: ActivityCursor | null = more && last ? { at: last.at, id: last.id } : null;
  return {
    items: page.map((r) => toItem(r, p.explorerTxUrl)),
    next,
    nextCursor: next ? encodeCursor(next) : null,
  };
}

function status(r: Row): ActivityItem['status'] {
  if (r.unclaimed_state === 'returned') return 'returned';
  if (r.state === 'confirmed') return 'confirmed';
  if (r.state === 'rejected') return 'refused';
  return 'pending';
}

/** Signed from this wallet's side; the fees only where this wallet paid them. */
function toItem(r: Row, explorerTxUrl: string | null): ActivityItem {
  const out = r.direction === 'out';
  const units = (v: string | null, sign: bigint) =>
    v === null ? null : unitsToDecimal(sign * BigInt(v));
  const paid = (v: string | null) => (out && v !== null && BigInt(v) > 0n ? units(v, -1n) : null);
  return {
    id: r.id,
    kind: r.kind,
    status: status(r),
    at: new Date(r.at).toISOString(),
    token: r.token,
    amount: units(r.amount, out ? -1n : 1n),
    fee: paid(r.fee),
    networkFee: paid(r.network_fee),
    counterparty: {
      handle: r.other_username,
      productWallet: r.other_role,
      address: r.other_address,
    },
    description: describeMovement(r.kind, r.idempotency_key, {
      tier: r.plan_tier,
      months: r.plan_months,
    }),
    receiptPostId: receiptPostOf(r.kind, r.idempotency_key, r.plan_request_key),
    explorerUrl: explorerTxUrl && r.payment_hash ? `${explorerTxUrl}${r.payment_hash}` : null,
  };
}
