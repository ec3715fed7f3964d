import { ArrowRight } from 'lucide-react';
import { Link } from 'wouter';
import type { EvidenceEntry } from '@/shared/evidence/contract';
import { HASH_LABEL, shortHash } from '@/shared/evidence/hash-labels';
import { PostText } from '@/web/components/post-text';
import { Button } from '@/web/components/ui/button';
import { Card } from '@/web/components/ui/card';
import { originalAuthor } from '@/web/features/digital-evidence/original-author';
import { dateTimeEnUs } from '@/web/lib/plain-format';

/** One archive entry: who posted it, what it said (as text), its fingerprint and a detail link. */
export function EvidenceEntryCard({ entry }: { entry: EvidenceEntry }) {
  const author = originalAuthor(entry);
  return (
    <li>
      <Card className="flex flex-col gap-3" data-testid="evidence-entry">
        <div className="flex flex-wrap items-baseline justify-between gap-2 text-sm text-slate-400">
          <span className="font-semibold text-slate-100">
            {author ? `@${author}` : 'Unknown author'}
          </span>
          <time dateTime={entry.createdAt}>{dateTimeEnUs(new Date(entry.createdAt))}</time>
        </div>
        <PostText as="p" className="wrap-anywhere whitespace-pre-wrap text-slate-200">
          {entry.tweetContent}
        </PostText>
        <p className="wrap-anywhere font-mono text-xs text-slate-400">
          {HASH_LABEL.fingerprint} {shortHash(entry.fingerprintHash)}
          {entry.username ? ` · saved by @${entry.username}` : ''}
        </p>
        <Button asChild variant="outline" size="sm" className="self-start">
          <Link href={`/digital-evidence/tweet/${entry.tweetId}`}>
            View Details
            <ArrowRight className="size-4" aria-hidden="true" />
          </Link>
        </Button>
      </Card>
    </li>
  );
}
