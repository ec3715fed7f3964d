import { and, eq, inArray, sql } from 'drizzle-orm';
import { batched } from '@/db/batch.ts';
import type { Db } from '@/db/client.ts';
import { type TransferRow, transfers } from '@/db/schema/index.ts';
import type { Logger } from '@/shared/logger.ts';
import { telemetry } from '@/shared/telemetry.ts';
import type { TransferState } from '../model/index.ts';
import { type Leg, legsOfTransfer } from './legs.ts';
import { isTransactionLimited } from './resign-limited.ts';

/**
 * Rejects a transfer before anything was signed (e.g. the balance check failed). The numbers of a
 * shortfall are kept as columns so that a replay reports them without reading the message.
 */
export async function rejectTransfer(
  db: Db,
  id: string,
  code: string,
  message: string,
  shortfall?: { balance: bigint; needed: bigint },
) {
  const now = new Date();
  await db
    .update(transfers)
    .set({
      state: 'rejected',
      errorCode: code,
      errorMessage: message,
      balanceAtRejection: shortfall?.balance ?? null,
      neededAtRejection: shortfall?.needed ?? null,
      rejectedAt: now,
      updatedAt: now,
    })
    .where(and(eq(transfers.id, id), eq(transfers.state, 'pending')));
}

/**
 * Derives the transfer's state from its legs: the payment decides (submitted → submitted,
 * confirmed → confirmed once the fee leg is final too, rejected → rejected with the node's
 * reason). A fee leg the network refused after the payment went through is logged: the
 * recipient was paid, the fee is lost, and the transfer still counts as confirmed.
 */
export async function refreshTransferState(db: Db, transfer: TransferRow, logger: Logger) {
  await applyTransferState(db, transfer, await legsOfTransfer(db, transfer.id), logger);
}

/**
 * refreshTransferState with the legs already at hand (in seq order). Returns the row as stored
 * afterwards (read again only if another writer moved it first).
 */
export async function applyTransferState(
  db: Db,
  transfer: TransferRow,
  legs: Pick<Leg, 'state' | 'hash' | 'errorMessage' | 'submittedAt'>[],
  logger: Logger,
): Promise<TransferRow> {
  const [payment, fee] = legs;
  if (!payment) return transfer;
  let next: TransferState = transfer.state as TransferState;
  if (payment.state === 'rejected') next = 'rejected';
  else if (
    payment.state === 'confirmed' &&
    (!fee || fee.state === 'confirmed' || fee.state === 'rejected')
  ) {
    next = 'confirmed';
  } else if (payment.state !== 'planned') next = 'submitted';
  if (fee?.state === 'rejected' && payment.state !== 'rejected') {
    logger.warn({ transferId: transfer.id, hash: fee.hash }, 'transfer fee was not accepted');
  }
  if (next === transfer.state) return transfer;
  if (next === 'submitted') {
    // The hot case, right after the first submission: shared with concurrent transfers.
    const moved = await markTransferSubmittedBatched(db, {
      id: transfer.id,
      submittedAt: transfer.submittedAt ? null : payment.submittedAt,
    });
    return moved ?? (await db.select().from(transfers).where(eq(transfers.id, transfer.id)))[0]!;
  }
  const now = new Date();
  const reason = payment.errorMessage ?? 'not accepted by the network';
  const [updated] = await db
    .update(transfers)
    .set({
      state: next,
      updatedAt: now,
      ...(next !== 'pending' && !transfer.submittedAt && payment.submittedAt
        ? { submittedAt: payment.submittedAt }
        : {}),
      ...(next === 'confirmed' ? { confirmedAt: now } : {}),
      ...(next === 'rejected'
        ? { rejectedAt: now, errorCode: errorCodeFor(reason), errorMessage: reason }
        : {}),
    })
    .where(and(eq(transfers.id, transfer.id), inArray(transfers.state, ['pending', 'submitted'])))
    .returning();
  if (updated?.state === 'confirmed') {
    telemetry.transferConfirmed(
      updated.token,
      (now.getTime() - updated.createdAt.getTime()) / 1000,
    );
  }
  return updated ?? (await db.select().from(transfers).where(eq(transfers.id, transfer.id)))[0]!;
}

/** The node's reason (e.g. 'InsufficientBalance(10,5)') as one of our error codes. */
export function errorCodeFor(nodeMessage: string) {
  if (nodeMessage.startsWith('InsufficientBalance')) return 'insufficient_balance';
  return isTransactionLimited(nodeMessage) ? 'limited_by_network' : 'rejected_by_network';
}

type Submitted = { id: string; submittedAt: Date | null };

/**
 * pending → submitted for many transfers (the state their legs just reached): one update.
 * Undefined for an item another writer already moved on (the caller reads it again).
 */
const markTransferSubmittedBatched: (db: Db, item: Submitted) => Promise<TransferRow | undefined> =
  batched('markTransferSubmitted', async (db, items: Submitted[]) => {
    const withTime = items.filter((t) => t.submittedAt);
    const submittedAt =
      withTime.length === 0
        ? sql`${transfers.submittedAt}`
        : sql`coalesce(${transfers.submittedAt}, case ${transfers.id} ${sql.join(
            withTime.map(
              (t) => sql`when ${t.id}::uuid then ${t.submittedAt!.toISOString()}::timestamptz`,
            ),
            sql` `,
          )} end)`;
    const rows = await db
      .update(transfers)
      .set({ state: 'submitted', updatedAt: new Date(), submittedAt })
      .where(
        sql`${inArray(
          transfers.id,
          items.map((t) => t.id),
        )} and ${transfers.state} in ('pending', 'submitted')`,
      )
      .returning();
    const byId = new Map(rows.map((r) => [r.id, r]));
    return items.map((t) => {
      const row = byId.get(t.id);
      return row ? { ...row } : undefined;
    });
  });
