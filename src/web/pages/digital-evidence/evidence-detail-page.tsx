import { ArrowLeft, ExternalLink } from 'lucide-react';
import { Link, useParams } from 'wouter';
import { HASH_LABEL } from '@/shared/evidence/hash-labels';
import { postRecordSchema } from '@/shared/evidence/post-record';
import { evidenceTitle } from '@/shared/record-titles';
import { CopyButton } from '@/web/components/copy-button';
import { ShareOnX } from '@/web/components/share-on-x';
import { Button } from '@/web/components/ui/button';
import { Card, CardTitle } from '@/web/components/ui/card';
import { useEvidenceDetail } from '@/web/features/digital-evidence/api/evidence-api';
import { PostEmbed } from '@/web/features/digital-evidence/components/post-embed';
import { UnsignedTags } from '@/web/features/digital-evidence/components/verified-record';
import { VerifyPanel } from '@/web/features/digital-evidence/components/verify-panel';
import { originalAuthor } from '@/web/features/digital-evidence/original-author';
import { dateTimeEnUs } from '@/web/lib/plain-format';
import { useRecordTitle } from '@/web/lib/use-record-title';

const BackLink = () => (
  <Link
    href="/digital-evidence"
    className="flex items-center gap-2 text-sm text-brand hover:underline"
  >
    <ArrowLeft className="size-4" aria-hidden="true" />
    Back to Digital Evidence
  </Link>
);

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex flex-col gap-1">
      <dt className="text-xs uppercase tracking-wide text-slate-400">{label}</dt>
      <dd className="wrap-anywhere text-sm text-slate-200">{children}</dd>
    </div>
  );
}

/** /digital-evidence/tweet/{tweetId} — one fingerprinted post. */
/** The author the content hash covers (the signed record), when the record has one. */
const signedAuthor = (e: { record: unknown }) => {
  const signed = postRecordSchema.safeParse(e.record);
  return signed.success ? signed.data.author.username : null;
};

export default function EvidenceDetailPage() {
  const { tweetId = '' } = useParams<{ tweetId: string }>();
  const detail = useEvidenceDetail(tweetId);
  const e = detail.data;
  useRecordTitle(e ? evidenceTitle(signedAuthor(e) ?? originalAuthor(e)) : null);

  if (detail.isLoading) {
    return <p className="mx-auto max-w-3xl px-4 py-12 text-slate-400">Loading evidence…</p>;
  }
  if (!e) {
    return (
      <div className="mx-auto flex max-w-3xl flex-col gap-4 px-4 py-12 sm:px-6">
        <h1 className="text-3xl font-bold tracking-tight text-slate-50">Tweet Not Found</h1>
        <p className="text-slate-300">
          The requested tweet could not be found in our digital evidence database.
        </p>
        <BackLink />
      </div>
    );
  }
  // The author the content hash covers (the record), before any unsigned tag.
  const author = signedAuthor(e) ?? originalAuthor(e);
  const postUrl = `https://x.com/${author ?? 'i/web'}/status/${e.tweetId}`;
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-12 sm:px-6">
      <BackLink />
      <h1 className="text-3xl font-bold tracking-tight text-slate-50">
        Evidence for {author ? `@${author}'s post` : `post ${e.tweetId}`}
      </h1>
      <PostEmbed evidence={e} />
      <div className="flex flex-wrap gap-3">
        <CopyButton
          text={postUrl}
          feedbackMs={6000}
          showLabel
          label="Copy post link"
          copiedLabel="Link copied"
        />
        <Button asChild variant="outline" size="sm">
          <a href={e.fingerprintUrl} rel="noopener noreferrer" target="_blank">
            View fingerprint
            <ExternalLink className="size-4" aria-hidden="true" />
          </a>
        </Button>
        <ShareOnX
          text={`${author ? `@${author}'s post` : 'A post'} is fingerprinted on Constellation`}
          path={`/digital-evidence/tweet/${e.tweetId}`}
        />
      </div>
      <Card className="flex flex-col gap-4">
        <CardTitle as="h2">Record</CardTitle>
        <dl className="grid gap-4 sm:grid-cols-2">
          <Field label="Author">{author ? `@${author}` : 'Unknown'}</Field>
          <Field label="Post ID">
            <span className="font-mono">{e.tweetId}</span>
          </Field>
          <Field label="Saved by">{e.username ? `@${e.username}` : 'Unknown'}</Field>
          <Field label="Fingerprinted">
            <time dateTime={e.createdAt}>{dateTimeEnUs(new Date(e.createdAt))}</time>
          </Field>
          {e.submittedAt && (
            <Field label="Submitted">
              <time dateTime={e.submittedAt}>{dateTimeEnUs(new Date(e.submittedAt))}</time>
            </Field>
          )}
          <Field label={HASH_LABEL.content}>
            <span className="font-mono" data-testid="content-hash">
              {e.contentHash}
            </span>
          </Field>
          <Field label={HASH_LABEL.fingerprint}>
            <span className="font-mono" data-testid="fingerprint-hash">
              {e.fingerprintHash}
            </span>
          </Field>
          {e.anchor && (
            <Field label="Anchoring snapshot">
              <span className="font-mono" data-testid="anchoring-snapshot">
                Global snapshot {e.anchor.ordinal} ({e.anchor.hash})
              </span>
              <span className="mt-1 block text-xs text-slate-400">
                As the Digital Evidence service names it; Verify checks it on the ledger.
              </span>
            </Field>
          )}
        </dl>
        <UnsignedTags submission={e.submission} />
      </Card>
      <VerifyPanel evidence={e} />
    </div>
  );
}
