import { PAID_ITEM_AVAILABLE } from '@/shared/feature-availability.ts';
import type { AgentContext } from '../../context.ts';
import type { CommandInput } from '../../engine/command-input.ts';
import type { Outcome } from '../../engine/outcome.ts';
import { repliesFirst } from '../../engine/replies-first.ts';
import { enqueueVideo, reserveVideo } from './video-requests.ts';

/**
 * "make a video of this": the target is the post the author's own post quotes or replies to
 * (X's referenced_tweets), never a post named in anybody's text. The price is held in the
 * requester's wallet here, before anything is rendered, so a user who cannot pay gets a plain
 * answer at once and one who can cannot spend it meanwhile; the job charges it before the video
 * is posted, or gives it back when no video comes (run-video-job.ts, decision 0037).
 */
export async function executeVideo(deps: AgentContext, input: CommandInput): Promise<Outcome> {
  if (!PAID_ITEM_AVAILABLE.video) {
    return { kind: 'rejected', reason: { code: 'video_not_available' } };
  }
  const refs = input.post.referencedTweets;
  const target =
    refs.find((r) => r.type === 'quoted')?.id ?? refs.find((r) => r.type === 'replied_to')?.id;
  if (input.source !== 'x' || !target) {
    return { kind: 'rejected', reason: { code: 'no_video_target' } };
  }
  const { address } = await deps.wallets.walletFor(input.author);
  const reserved = await reserveVideo(deps, {
    requestPostId: input.postId,
    userId: input.author.xUserId,
  });
  const price = reserved.price;
  if (!reserved.ok) {
    const balance = reserved.balance ?? (await deps.wallets.balances(address)).UP;
    return {
      kind: 'rejected',
      reason: {
        code: 'video_unpaid',
        price: price.toString(),
        balance: balance.toString(),
        networkFee: (reserved.networkFee ?? 0n).toString(),
        address,
      },
    };
  }
  const first = await repliesFirst(deps, input.author.xUserId);
  await enqueueVideo(deps, {
    requestPostId: input.postId,
    requester: input.author,
    targetId: target,
    priority: first ? 1 : 0,
  });
  return { kind: 'video_queued', targetId: target, price: price.toString() };
}
