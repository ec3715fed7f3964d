import { eq } from 'drizzle-orm';
import { users } from '@/db/schema/index.ts';
import { isValidDagAddress } from '@/shared/dag-address.ts';
import type { CoreDeps } from '../deps.ts';
import { invalid } from '../errors.ts';

/** Saves the user's own DAG wallet address after checking its format and parity digit. */
export async function linkWallet(
  deps: Pick<CoreDeps, 'db'>,
  p: { xUserId: string; walletAddress: unknown },
) {
  const address = typeof p.walletAddress === 'string' ? p.walletAddress.trim() : p.walletAddress;
  if (!isValidDagAddress(address)) {
    throw invalid('Invalid DAG wallet address', 'invalid_wallet_address');
  }
  await deps.db
    .update(users)
    .set({ linkedWalletAddress: address })
    .where(eq(users.xUserId, p.xUserId));
  return { walletAddress: address };
}
