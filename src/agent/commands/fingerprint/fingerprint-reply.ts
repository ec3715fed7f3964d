import { HASH_LABEL, shortHash } from '@/shared/evidence/hash-labels.ts';
import type { Outcome, RejectReason } from '../../engine/outcome.ts';
import { asSentence, paidText } from '../../replies/paid-text.ts';
import { type ReplyContext, receiptLink } from '../../replies/reply-words.ts';

export function fingerprintedReply(
  outcome: Extract<Outcome, { kind: 'fingerprinted' }>,
  ctx: ReplyContext,
) {
  const link = `${ctx.publicUrl}/digital-evidence/tweet/${outcome.tweetId}`;
  const who = outcome.authorUsername ? `@${outcome.authorUsername}'s post` : 'The post';
  const paid = outcome.existing
    ? ' Nothing was charged.'
    : ` ${paidText(BigInt(outcome.paid) > 0n ? { outcome: 'paid', price: BigInt(outcome.paid) } : { outcome: 'free' })}`;
  const lead = outcome.existing ? `${who} was already fingerprinted` : `Fingerprinted ${who}`;
  return `${lead}. ${HASH_LABEL.fingerprint} ${shortHash(outcome.fingerprintHash)}. Verify: ${link}${paid} ${receiptLink(ctx)}`;
}

export type FingerprintRejectReason = Extract<
  RejectReason,
  {
    code:
      | 'no_fingerprint_target'
      | 'fingerprint_target_unavailable'
      | 'fingerprint_rejected'
      | 'fingerprint_unpaid'
      | 'evidence_not_configured';
  }
>;

export function fingerprintRejection(r: FingerprintRejectReason): string {
  switch (r.code) {
    case 'no_fingerprint_target':
      return 'Nothing fingerprinted: reply to (or quote) the post you want preserved, with "fingerprint this".';
    case 'fingerprint_target_unavailable':
      return 'Nothing fingerprinted: that post is deleted, protected or not visible to me. Nothing was charged.';
    case 'fingerprint_rejected':
      return `Nothing fingerprinted: the evidence service refused it (${r.message}). Nothing was charged.`;
    case 'fingerprint_unpaid':
      return r.address
        ? `Nothing fingerprinted: ${asSentence(r.message)} Add UP to your wallet ${r.address} (30 UP a fingerprint; premium: 5 free a day).`
        : `Nothing fingerprinted: ${asSentence(r.message)} A fingerprint costs 30 UP (premium: 5 free a day).`;
    case 'evidence_not_configured':
      return 'Digital evidence is not available on this server yet.';
  }
}
