import { and, eq } from 'drizzle-orm';
import { postRewardPosts } from '@/db/schema/index.ts';
import { rememberXAccount } from '../auth/remember-x-account.ts';
import { type TransferDeps, TransferError, transfer } from '../transfers/index.ts';
import { getWalletBySystemRole } from '../wallets/index.ts';

/** The transfer key of a post's reward: one post is paid at most once, ever. */
export const postRewardKey = (day: string, postId: string) => `post-reward:${day}:${postId}`;

/**
 * Pays a day's planned rewards from the rewards wallet to each post's author, each through the
 * transfer service with its own key: a crash between the transfer and the row update only means
 * the next run gets the same transfer back. A refusal (pool dry) marks the post failed.
 */
export async function payPostRewardDay(deps: TransferDeps, p: { day: string }) {
  const pool = await getWalletBySystemRole(deps, { role: 'rewards' });
  if (!pool) throw new Error('the rewards wallet is not provisioned');
  const planned = await deps.db
    .select()
    .from(postRewardPosts)
    .where(and(eq(postRewardPosts.day, p.day), eq(postRewardPosts.state, 'planned')))
    .orderBy(postRewardPosts.rank);
  let paid = 0;
  for (const post of planned) {
    // The author as a user row (identity is the X id), so the transfer service can give a wallet.
    await rememberXAccount(deps.db, { xUserId: post.authorId, username: post.authorUsername });
    try {
      const record = await transfer(deps, {
        from: { walletId: pool.id },
        to: { xUserId: post.authorId },
        token: 'UP',
        amount: post.amount!,
        idempotencyKey: postRewardKey(p.day, post.postId),
        feeTier: 'premium',
      });
      await deps.db
        .update(postRewardPosts)
        .set({ state: 'paid', transferId: record.id })
        .where(eq(postRewardPosts.id, post.id));
      paid++;
    } catch (err) {
      if (!(err instanceof TransferError)) throw err;
      await deps.db
        .update(postRewardPosts)
        .set({ state: 'failed', error: err.message, transferId: err.details.transferId ?? null })
        .where(eq(postRewardPosts.id, post.id));
    }
  }
  return { paid };
}
