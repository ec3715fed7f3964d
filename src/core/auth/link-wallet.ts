import { eq } from 'drizzle-orm';
import { badRequest } from '../../api/http/errors.ts';
import { users } from '../../db/schema/index.ts';
import type { AppDeps } from '../../main/deps.ts';
import { isValidDagAddress } from '../../shared/dag-address.ts';

/** Saves the user's own DAG wallet address after checking its format and parity digit. */
export async function linkWallet(
  deps: Pick<AppDeps, 'db'>,
  p: { xUserId: string; walletAddress: unknown },
) {
  const address = typeof p.walletAddress === 'string' ? p.walletAddress.trim() : p.walletAddress;
  if (!isValidDagAddress(address)) {
    throw badRequest('Invalid DAG wallet address', 'invalid_wallet_address');
  }
  await deps.db
    .update(users)
    .set({ linkedWalletAddress: address })
    .where(eq(users.xUserId, p.xUserId));
  return { walletAddress: address };
}
