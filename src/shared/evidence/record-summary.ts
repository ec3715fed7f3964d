import { postRecordSchema } from './post-record.ts';
import type { EvidenceToVerify } from './verify-step.ts';

/** One line of what was checked, as a person reads it (CLI, verify panel). */
export interface RecordField {
  label: string;
  value: string;
}

/**
 * The record the checks are about — post id, author, time, text, content hash — read from the
 * archived record itself (what the content hash covers), never from the unsigned tags or the
 * archive's own columns. A record that is not a post record says so, and the checks fail.
 */
export function recordSummary(evidence: EvidenceToVerify): RecordField[] {
  const parsed = postRecordSchema.safeParse(evidence.record);
  if (!parsed.success) {
    return [
      { label: 'post id', value: evidence.tweetId },
      { label: 'record', value: 'not a readable post record' },
      { label: 'content hash', value: evidence.contentHash },
    ];
  }
  const r = parsed.data;
  return [
    { label: 'post id', value: r.tweetId },
    { label: 'author', value: `@${r.author.username} (X id ${r.author.id})` },
    { label: 'posted at', value: r.createdAt ?? 'unknown' },
    { label: 'text', value: r.text },
    { label: 'content hash', value: evidence.contentHash },
  ];
}

/** The one line a VERIFIED result names: whose post, when, and its text. */
export function recordHeadline(evidence: EvidenceToVerify): string {
  const parsed = postRecordSchema.safeParse(evidence.record);
  if (!parsed.success) return `post ${evidence.tweetId}`;
  const r = parsed.data;
  return `post ${r.tweetId} by @${r.author.username}, posted ${r.createdAt ?? 'at an unknown time'}: ${JSON.stringify(r.text)}`;
}

/**
 * The submission's tags (`metadata.tags`): they travel beside the signed value and no signature
 * covers them (signed-submission.ts), so anyone can edit them. Shown apart, marked unverified;
 * the only one a check reads, tweet_id, must match the signed document id.
 */
export function unsignedTags(submission: unknown): RecordField[] {
  const tags = (submission as { metadata?: { tags?: unknown } } | null)?.metadata?.tags;
  if (!tags || typeof tags !== 'object') return [];
  return Object.entries(tags as Record<string, unknown>).map(([label, value]) => ({
    label,
    value: typeof value === 'string' ? value : JSON.stringify(value),
  }));
}
