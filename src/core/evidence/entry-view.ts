import type { EvidenceRow } from './records.ts';

/**
 * An archive entry as the API returns it (the evidence contract): `username` is the
 * requester; the original author is `metadata.metadata.tags.author_username`.
 */
export function evidenceEntry(row: EvidenceRow, fingerprintUrl: (hash: string) => string) {
  const tags = (row.submission as { metadata?: { tags?: Record<string, string> } }).metadata?.tags;
  return {
    uuid: row.id,
    tweetId: row.tweetId,
    tweetContent: row.tweetContent,
    tweetType: row.tweetType,
    platform: 'twitter',
    username: row.requesterUsername,
    createdAt: row.createdAt.toISOString(),
    fingerprintHash: row.fingerprintHash,
    fingerprintUrl: fingerprintUrl(row.fingerprintHash),
    contentHash: row.contentHash,
    metadata: {
      eventId: row.eventId,
      metadata: {
        hash: row.fingerprintHash,
        tags: { ...tags, author_username: row.authorUsername },
      },
    },
  };
}

/** The detail adds what a verifier needs: the canonical record and the signed submission. */
export function evidenceDetail(row: EvidenceRow, fingerprintUrl: (hash: string) => string) {
  return {
    ...evidenceEntry(row, fingerprintUrl),
    authorId: row.authorId,
    submittedAt: row.submittedAt?.toISOString() ?? null,
    record: row.record,
    submission: row.submission,
  };
}
