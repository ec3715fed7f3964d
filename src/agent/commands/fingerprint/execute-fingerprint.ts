import { chargeFor } from '@/core/allowances/index.ts';
import { fingerprintPost } from '@/core/evidence/fingerprint-post.ts';
import type { AgentContext } from '../../context.ts';
import type { CommandInput } from '../../engine/command-input.ts';
import type { Outcome } from '../../engine/outcome.ts';

/**
 * "fingerprint this": the target is the post the author's own post quotes or replies to, as X
 * reports it in referenced_tweets — never an id or a handle written in anybody's text. The
 * requester's wallet comes first: an account the product meets for the first time gets one
 * here, so its charge can be asked and a refusal says where to add UP.
 */
export async function executeFingerprint(ctx: AgentContext, input: CommandInput): Promise<Outcome> {
  // The key that signs submissions stays behind a function, never logged or kept.
  const settings = ctx.config.evidence;
  const signingKey = settings.readSigningKey();
  const evidence = ctx.evidence;
  if (!evidence || !settings.enabled || !signingKey) {
    return { kind: 'rejected', reason: { code: 'evidence_not_configured' } };
  }
  const refs = input.post.referencedTweets;
  const target =
    refs.find((r) => r.type === 'quoted')?.id ?? refs.find((r) => r.type === 'replied_to')?.id;
  if (input.source !== 'x' || !target) {
    return { kind: 'rejected', reason: { code: 'no_fingerprint_target' } };
  }
  const { address } = await ctx.wallets.walletFor(input.author);
  // Posts are read through X with the agent's token; the charge goes through the allowances.
  const result = await fingerprintPost(
    {
      db: ctx.db,
      now: ctx.now,
      evidence,
      settings: { orgId: settings.orgId, tenantId: settings.tenantId, signingKey },
      async readPost(id) {
        const { accessToken } = await ctx.access();
        const { tweet, includes } = await ctx.x.getTweet(accessToken, id);
        return tweet ? { tweet, includes } : null;
      },
      charge: ({ userId, idempotencyKey }) =>
        chargeFor(ctx, { userId, item: 'digital_evidence', idempotencyKey }),
    },
    { requestPostId: input.postId, requester: input.author, targetId: target },
  );
  if (result.kind === 'refused') {
    switch (result.code) {
      case 'target_unavailable':
        return { kind: 'rejected', reason: { code: 'fingerprint_target_unavailable' } };
      case 'evidence_rejected':
        return {
          kind: 'rejected',
          reason: { code: 'fingerprint_rejected', message: result.message },
        };
      case 'charge_refused':
        return {
          kind: 'rejected',
          reason: { code: 'fingerprint_unpaid', message: result.message, address },
        };
    }
  }
  const { row, charge } = result;
  return {
    kind: 'fingerprinted',
    tweetId: row.tweetId,
    authorUsername: row.authorUsername,
    contentHash: row.contentHash,
    fingerprintHash: row.fingerprintHash,
    existing: result.existing,
    paid: charge?.outcome === 'paid' ? charge.price.toString() : '0',
  };
}
