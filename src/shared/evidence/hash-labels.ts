/**
 * The names of a fingerprinted post's two hashes, one each wherever a person reads them (the
 * agent's reply, the archive card, the detail page, the certificate), so a hash seen in one place
 * is recognised in the next. The short form shown by the reply and the card is the one they
 * share: the fingerprint hash, which is what the Digital Evidence API anchors and links to.
 */
export const HASH_LABEL = {
  /** SHA-256 of the post's canonical record (post-record.ts). */
  content: 'Content hash',
  /** SHA-256 of the signed submission: what is anchored on Constellation. */
  fingerprint: 'Fingerprint hash',
} as const;

/** First ten and last six hex characters; the archive search takes it pasted as shown. */
export const shortHash = (hash: string) => `${hash.slice(0, 10)}…${hash.slice(-6)}`;
