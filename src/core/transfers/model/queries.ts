import { desc, eq, inArray, or } from 'drizzle-orm';
import type { Db } from '@/db/client.ts';
import { type TransferRow, transfers, transferTransactions } from '@/db/schema/index.ts';
import type { Token } from '@/shared/tokens.ts';
import { getWalletByUser } from '../../wallets/index.ts';
import type { FeeTier } from './fee.ts';
import type { TransferRecord, TransferState } from './types.ts';

/** The network fee a stored leg was signed with (the fee-less limit; send/network-fee.ts). */
function networkFeeOf(signed: unknown): bigint {
  const fee = (signed as { value?: { fee?: unknown } } | null)?.value?.fee;
  return typeof fee === 'string' || typeof fee === 'number' ? BigInt(fee) : 0n;
}

async function toRecords(db: Db, rows: TransferRow[]): Promise<TransferRecord[]> {
  if (rows.length === 0) return [];
  const legs = await db
    .select({
      transferId: transferTransactions.transferId,
      kind: transferTransactions.kind,
      hash: transferTransactions.hash,
      signed: transferTransactions.signed,
    })
    .from(transferTransactions)
    .where(
      inArray(
        transferTransactions.transferId,
        rows.map((r) => r.id),
      ),
    );
  return rows.map((r) => toRecord(r, legs));
}

/** A transfer as the API and agent see it, from its row and its legs (hashes, network fees). */
export function toRecord(
  r: TransferRow,
  legs: { transferId: string; kind: string; hash: string; signed: unknown }[],
): TransferRecord {
  const hashOf = (id: string, kind: string) =>
    legs.find((l) => l.transferId === id && l.kind === kind)?.hash ?? null;
  const networkFee = legs
    .filter((l) => l.transferId === r.id)
    .reduce((sum, l) => sum + networkFeeOf(l.signed), 0n);
  return {
    id: r.id,
    idempotencyKey: r.idempotencyKey,
    state: r.state as TransferState,
    token: r.token as Token,
    feeTier: r.feeTier as FeeTier,
    amount: r.amount,
    fee: r.fee,
    networkFee,
    fromWalletId: r.fromWalletId,
    fromAddress: r.fromAddress,
    toWalletId: r.toWalletId,
    toAddress: r.toAddress,
    paymentHash: hashOf(r.id, 'payment'),
    feeHash: hashOf(r.id, 'fee'),
    error: r.errorCode
      ? {
          code: r.errorCode,
          message: r.errorMessage ?? '',
          balance: r.balanceAtRejection ?? undefined,
          needed: r.neededAtRejection ?? undefined,
        }
      : null,
    createdAt: r.createdAt,
    submittedAt: r.submittedAt,
    confirmedAt: r.confirmedAt,
    rejectedAt: r.rejectedAt,
  };
}

export async function getTransferRow(db: Db, idempotencyKey: string) {
  const [row] = await db
    .select()
    .from(transfers)
    .where(eq(transfers.idempotencyKey, idempotencyKey));
  return row ?? null;
}

export async function getTransfer(
  deps: { db: Db },
  params: { idempotencyKey: string },
): Promise<TransferRecord | null> {
  const row = await getTransferRow(deps.db, params.idempotencyKey);
  return row ? ((await toRecords(deps.db, [row]))[0] ?? null) : null;
}

/** A user's transfers, sent and received, newest first. */
export async function listTransfersForUser(
  deps: { db: Db },
  params: { xUserId: string; limit?: number },
): Promise<TransferRecord[]> {
  const wallet = await getWalletByUser(deps, params);
  if (!wallet) return [];
  const rows = await deps.db
    .select()
    .from(transfers)
    .where(or(eq(transfers.fromWalletId, wallet.id), eq(transfers.toWalletId, wallet.id)))
    .orderBy(desc(transfers.createdAt))
    .limit(Math.min(Math.max(params.limit ?? 50, 1), 500));
  return toRecords(deps.db, rows);
}
