import type { EvidenceEntry } from '@/shared/evidence/contract';

/** The original author is the author_username tag, else a leading @handle. */
export function originalAuthor(entry: EvidenceEntry): string | null {
  const tag = entry.metadata?.metadata?.tags?.author_username;
  if (typeof tag === 'string' && tag.trim()) return tag.trim();
  return /^@(\w{1,15})/.exec(entry.tweetContent.trim())?.[1] ?? null;
}
