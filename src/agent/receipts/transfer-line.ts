import { eq, inArray } from 'drizzle-orm';
import type { Db } from '@/db/client.ts';
import { type transfers, users, wallets } from '@/db/schema/index.ts';

type TransferRow = typeof transfers.$inferSelect;

/**
 * A send as a receipt states it: who paid (From) and who was paid (To), each as @handle and
 * address, the amount, the 0.5% fee, the network fee and the total debited from the sender
 * (issue 43 §2). A wallet's handle is its owner's latest username, else the handle it was made
 * for (a send to someone who never signed in); system wallets and outside addresses have none.
 */
export async function getTransferLine(db: Db, transfer: TransferRow, networkFees: bigint) {
  const ids = [transfer.fromWalletId, transfer.toWalletId].filter((id): id is string => !!id);
  const rows = await db
    .select({ id: wallets.id, handle: wallets.handle, username: users.username })
    .from(wallets)
    .leftJoin(users, eq(users.xUserId, wallets.xUserId))
    .where(inArray(wallets.id, ids));
  const handleOf = (id: string | null) => {
    const row = rows.find((r) => r.id === id);
    return row?.username ?? row?.handle ?? null;
  };
  const amount = transfer.amount;
  const fee = transfer.fee;
  return {
    state: transfer.state,
    token: transfer.token,
    amount: amount?.toString() ?? null,
    fee: fee?.toString() ?? null,
    networkFee: networkFees.toString(),
    /** amount + fee + network fee: what left the sender's wallet (null until it is planned). */
    total: amount !== null && fee !== null ? (amount + fee + networkFees).toString() : null,
    from: { handle: handleOf(transfer.fromWalletId), address: transfer.fromAddress },
    to: { handle: handleOf(transfer.toWalletId), address: transfer.toAddress },
    toAddress: transfer.toAddress,
    error: transfer.errorMessage,
    createdAt: transfer.createdAt.toISOString(),
    confirmedAt: transfer.confirmedAt?.toISOString() ?? null,
  };
}
