import { and, eq, inArray, lte, or, sql } from 'drizzle-orm';
import { transfers, unclaimedSends, wallets } from '@/db/schema/index.ts';
import { type TransferDeps, TransferError } from '../transfers/model/index.ts';
import { transfer } from '../transfers/send/transfer.ts';

/** Keys of the two transfers that bring one unclaimed send back (one each, ever). */
export const returnKey = (transferId: string) => `unclaimed-return:${transferId}`;
export const feeReturnKey = (transferId: string) => `unclaimed-return-fee:${transferId}`;

/**
 * Sends back every send held past its date whose recipient never signed in (decision 0048):
 * the amount from the recipient's wallet and the 0.5% fee from the fee wallet, so the sender
 * has exactly what they had before (the network fee, paid to the network, is not ours to give
 * back). A row is taken from 'held' to 'returning' by one guarded update (a sign-in at the same
 * moment then finds nothing to claim); the transfers are keyed on the send, so a second worker or
 * a re-run after a crash (rows left 'returning') finds the same transfers and moves nothing more.
 */
export async function returnUnclaimedSends(
  deps: TransferDeps,
  p: { now: Date; limit?: number },
): Promise<number> {
  const due = await deps.db
    .update(unclaimedSends)
    .set({ state: 'returning' })
    .where(
      or(
        and(eq(unclaimedSends.state, 'held'), lte(unclaimedSends.returnAfter, p.now)),
        eq(unclaimedSends.state, 'returning'),
      ),
    )
    .returning({ transferId: unclaimedSends.transferId });
  let returned = 0;
  for (const { transferId } of due.slice(0, p.limit ?? 100)) {
    if (await returnOne(deps, transferId, p.now)) returned++;
  }
  return returned;
}

async function returnOne(deps: TransferDeps, transferId: string, now: Date): Promise<boolean> {
  const [sent] = await deps.db.select().from(transfers).where(eq(transfers.id, transferId));
  if (!sent?.toWalletId || sent.amount === null) return false;
  if (sent.state !== 'confirmed') {
    if (sent.state === 'rejected') await settle(deps, transferId, now, { error: 'never arrived' });
    return false; // still on its way: the next pass returns it
  }
  // A legacy handle wallet swept into its user's wallet: the money is there now.
  const [to] = await deps.db
    .select({ into: wallets.supersededByWalletId })
    .from(wallets)
    .where(eq(wallets.id, sent.toWalletId));
  try {
    const back = await transfer(deps, {
      from: { walletId: to?.into ?? sent.toWalletId },
      to: { address: sent.fromAddress },
      token: sent.token,
      amount: sent.amount,
      feeTier: 'premium', // the sender's own money: no fee on the way back
      idempotencyKey: returnKey(transferId),
    });
    const feeBack = sent.fee && sent.fee > 0n ? await refundFee(deps, sent, transferId) : null;
    await settle(deps, transferId, now, { back: back.id, feeBack });
    return true;
  } catch (err) {
    if (!(err instanceof TransferError)) throw err; // network trouble: the next pass retries
    deps.logger.warn({ transferId, code: err.code }, 'unclaimed send could not be returned');
    await settle(deps, transferId, now, { error: err.message });
    return false;
  }
}

async function refundFee(
  deps: TransferDeps,
  sent: typeof transfers.$inferSelect,
  transferId: string,
): Promise<string> {
  const [fees] = await deps.db
    .select({ id: wallets.id })
    .from(wallets)
    .where(inArray(wallets.systemRole, ['fees']));
  if (!fees) throw new TransferError('unknown_wallet', 'No fee wallet to refund the fee from');
  const refund = await transfer(deps, {
    from: { walletId: fees.id },
    to: { address: sent.fromAddress },
    token: sent.token,
    amount: sent.fee!,
    feeTier: 'premium',
    idempotencyKey: feeReturnKey(transferId),
  });
  return refund.id;
}

async function settle(
  deps: TransferDeps,
  transferId: string,
  now: Date,
  r: { back?: string; feeBack?: string | null; error?: string },
) {
  await deps.db
    .update(unclaimedSends)
    .set(
      r.error
        ? { state: 'return_failed', error: r.error, settledAt: now }
        : {
            state: 'returned',
            returnTransferId: r.back,
            feeReturnTransferId: r.feeBack ?? null,
            settledAt: now,
          },
    )
    .where(and(eq(unclaimedSends.transferId, transferId), sql`state = 'returning'`));
}
