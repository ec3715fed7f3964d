import { and, eq, isNotNull, isNull, ne } from 'drizzle-orm';
import { transfers, unclaimedSends, users, wallets } from '@/db/schema/index.ts';
import { rememberXAccount } from '../auth/remember-x-account.ts';
import type { TransferDeps } from '../transfers/index.ts';
import { bindHandleWalletToUser } from '../wallets/index.ts';
import { returnDate } from './hold.ts';

/** Who holds a handle at X now; 'suspended' and null (unknown) both mean nobody to pay. */
export type HandleLookup = (
  handle: string,
) => Promise<{ xUserId: string; username: string } | 'suspended' | null>;

export type MigrationOutcome = 'bound' | 'returning' | 'kept';

/**
 * The one-time step for wallets made under the old rule (a send to a handle nobody had signed
 * in with got a wallet bound to the handle string; decision 0048). Each open handle wallet is:
 * - bound to the X id X returns for the handle now (or swept into that user's wallet), and each
 *   send into it held as any new send is: it returns if they do not sign in within the days;
 * - if X does not know the handle or the account is suspended: every send into it is returned
 *   to its sender on the next return pass;
 * - with no sender on record (money from outside): closed and kept, logged for the operator.
 * Every wallet is closed to handle binding afterwards, so re-running it does nothing more.
 */
export async function migrateHandleWallets(
  deps: TransferDeps,
  p: { lookup: HandleLookup; now: Date; days: number },
): Promise<Map<string, MigrationOutcome>> {
  const open = await deps.db
    .select({ id: wallets.id, handle: wallets.handle })
    .from(wallets)
    .where(
      and(
        isNotNull(wallets.handle),
        isNull(wallets.xUserId),
        isNull(wallets.supersededByWalletId),
        isNull(wallets.handleClosedAt),
      ),
    );
  const outcomes = new Map<string, MigrationOutcome>();
  for (const w of open) {
    const handle = w.handle!;
    const found = await p.lookup(handle);
    const sends = await deps.db
      .select({ id: transfers.id })
      .from(transfers)
      .where(
        and(
          eq(transfers.toWalletId, w.id),
          eq(transfers.state, 'confirmed'),
          ne(transfers.fromWalletId, w.id),
        ),
      );
    let outcome: MigrationOutcome;
    if (found && found !== 'suspended') {
      await rememberXAccount(deps.db, found);
      await bindHandleWalletToUser(deps, { handle, xUserId: found.xUserId });
      const [user] = await deps.db
        .select({ claimedAt: users.claimedAt })
        .from(users)
        .where(eq(users.xUserId, found.xUserId));
      if (!user?.claimedAt) {
        await hold(deps, sends, found.xUserId, returnDate(p.now, p.days));
      }
      outcome = 'bound';
    } else if (sends.length > 0) {
      await hold(deps, sends, null, p.now);
      outcome = 'returning';
    } else {
      deps.logger.warn({ walletId: w.id, handle }, 'handle wallet kept: no sender to return to');
      outcome = 'kept';
    }
    await deps.db.update(wallets).set({ handleClosedAt: p.now }).where(eq(wallets.id, w.id));
    outcomes.set(handle, outcome);
  }
  return outcomes;
}

async function hold(
  deps: TransferDeps,
  sends: { id: string }[],
  recipientXUserId: string | null,
  returnAfter: Date,
) {
  if (sends.length === 0) return;
  await deps.db
    .insert(unclaimedSends)
    .values(sends.map((s) => ({ transferId: s.id, recipientXUserId, returnAfter })))
    .onConflictDoNothing();
}
