import { and, desc, eq, inArray, ne } from 'drizzle-orm';
import { transfers, type WalletSweepItemRow, walletSweepItems } from '@/db/schema/index.ts';
import { TOKENS } from '@/shared/tokens.ts';
import { type TransferDeps, TransferError, transfer } from '../transfers/index.ts';

/** The idempotency key of one wallet's move of one token in one run: never sent twice. */
export const sweepTransferKey = (runId: string, walletId: string, token: string) =>
  `wallet-sweep:${runId}:${walletId}:${token}`;

/**
 * Moves each token the old address holds to the new address: a transfer of 'all' from the
 * retired row, premium tier (no product fee: it stays the owner's money), keyed by run, wallet
 * and token. A repeat after a crash finds the same intent by its key; a token already recorded
 * is skipped. An address holding none of a token gets no transfer (recorded as null).
 */
export async function submitMoves(deps: TransferDeps, item: WalletSweepItemRow): Promise<void> {
  const moves = { ...item.moves };
  for (const token of TOKENS) {
    if (moves[token]) continue;
    const key = sweepTransferKey(item.runId, item.walletId, token);
    const [known] = await deps.db
      .select({ id: transfers.id })
      .from(transfers)
      .where(eq(transfers.idempotencyKey, key));
    const { balance } = known
      ? { balance: 1n }
      : await deps.constellation.getBalance(token, item.oldAddress as string);
    moves[token] = {
      transferId: balance === 0n ? null : await send(deps, item, token, key),
    };
    await deps.db
      .update(walletSweepItems)
      .set({ moves, updatedAt: new Date() })
      .where(eq(walletSweepItems.id, item.id));
  }
  await deps.db
    .update(walletSweepItems)
    .set({ state: 'submitted', updatedAt: new Date() })
    .where(and(eq(walletSweepItems.id, item.id), eq(walletSweepItems.state, 'rekeyed')));
}

async function send(
  deps: TransferDeps,
  item: WalletSweepItemRow,
  token: string,
  idempotencyKey: string,
): Promise<string | null> {
  try {
    const sent = await transfer(deps, {
      from: { walletId: item.retiredWalletId as string },
      to: { address: item.newAddress as string },
      token,
      amount: 'all',
      feeTier: 'premium',
      idempotencyKey,
    });
    return sent.id;
  } catch (err) {
    if (!(err instanceof TransferError && err.code === 'insufficient_balance')) throw err;
    // The transfer worker's superseded-wallet sweep took it first (a process left running):
    // that transfer is the move.
    const [other] = await deps.db
      .select({ id: transfers.id })
      .from(transfers)
      .where(
        and(
          eq(transfers.fromWalletId, item.retiredWalletId as string),
          eq(transfers.token, token),
          ne(transfers.state, 'rejected'),
        ),
      )
      .orderBy(desc(transfers.createdAt))
      .limit(1);
    return other?.id ?? null;
  }
}

/** Items whose every move is confirmed become 'moved'; a rejected move fails its item. */
export async function settleItems(deps: TransferDeps, items: WalletSweepItemRow[]) {
  let open = 0;
  for (const item of items) {
    const ids = Object.values(item.moves).flatMap((m) => (m.transferId ? [m.transferId] : []));
    const rows = ids.length
      ? await deps.db
          .select({ id: transfers.id, state: transfers.state, error: transfers.errorMessage })
          .from(transfers)
          .where(inArray(transfers.id, ids))
      : [];
    const rejected = rows.find((r) => r.state === 'rejected');
    const done = rows.every((r) => r.state === 'confirmed');
    if (!rejected && !done) {
      open++;
      continue;
    }
    await deps.db
      .update(walletSweepItems)
      .set({
        state: rejected ? 'failed' : 'moved',
        error: rejected ? `transfer ${rejected.id} rejected: ${rejected.error}` : null,
        updatedAt: new Date(),
      })
      .where(eq(walletSweepItems.id, item.id));
  }
  return open;
}
