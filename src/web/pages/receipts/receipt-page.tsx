import { useParams } from 'wouter';
import { receiptTitle } from '@/shared/record-titles';
import { postUrl } from '@/shared/x-links';
import { LinkedText } from '@/web/components/linked-text';
import { PostText } from '@/web/components/post-text';
import { ShareOnX } from '@/web/components/share-on-x';
import { Card, CardTitle } from '@/web/components/ui/card';
import { type Receipt, useReceipt } from '@/web/features/agent/api/agent-api';
import { ReceiptFacts } from '@/web/features/agent/components/receipt-facts';
import { commandLabel, exact, when } from '@/web/features/agent/components/receipt-format';
import { ReplyQueue } from '@/web/features/agent/components/reply-queue';
import { replyWithoutReceipt } from '@/web/features/agent/components/reply-without-receipt';
import { VideoProgress } from '@/web/features/agent/components/video-progress';
import { publicConfig } from '@/web/lib/public-config';
import { useRecordTitle } from '@/web/lib/use-record-title';

const RESULT: Record<Receipt['result'], { label: string; color: string }> = {
  pending: { label: 'Pending', color: 'text-slate-300' },
  done: { label: 'Done', color: 'text-emerald-400' },
  refused: { label: 'Refused', color: 'text-amber-400' },
  failed: { label: 'Failed', color: 'text-red-400' },
};

/** The words of the share post: the send's figures, or the command and how it ended. */
function shareText(r: Receipt): string {
  const t = r.transfer;
  if (t?.amount && commandLabel(r) === 'Send') {
    const to = t.to?.handle ? `@${t.to.handle}` : 'an address';
    return `Sent ${exact(t.amount)} ${t.token} to ${to} with Upsider · ${t.state}`;
  }
  return `${commandLabel(r)} receipt on Upsider · ${RESULT[r.result].label.toLowerCase()}`;
}

/** /receipts/:postId — public: what was asked, the receipt's figures, then the agent's reply. */
export default function ReceiptPage() {
  const { postId = '' } = useParams<{ postId: string }>();
  const receipt = useReceipt(postId);
  const r = receipt.data;
  useRecordTitle(r ? receiptTitle(r) : null);
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-12 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-slate-50">
        {r ? `${commandLabel(r)} receipt` : 'Receipt'}
      </h1>
      {receipt.isLoading && <p className="text-slate-400">Loading receipt…</p>}
      {receipt.isError && <p className="text-slate-300">No receipt exists for this post.</p>}
      {r && (
        <>
          <Card className="flex flex-col gap-2">
            <CardTitle as="h2">Asked</CardTitle>
            <PostText as="p" className="wrap-anywhere text-slate-100">
              “{r.text}”
            </PostText>
            <p className="text-sm text-slate-400">
              {r.author ? `@${r.author}` : 'Someone'}{' '}
              {r.source === 'x' && r.author ? (
                <a href={postUrl(publicConfig, r.author, r.id)} className="text-brand underline">
                  on X
                </a>
              ) : r.source === 'console' ? (
                'in the web console'
              ) : (
                'on X'
              )}
              , <time dateTime={r.postedAt}>{when(r.postedAt)}</time>
            </p>
          </Card>
          <Card className="flex flex-col gap-2">
            <CardTitle as="h2" className={RESULT[r.result].color} data-testid="receipt-result">
              {RESULT[r.result].label}
            </CardTitle>
            {r.reason && (
              <p className="wrap-anywhere text-sm text-slate-300" data-testid="receipt-reason">
                {r.reason}
              </p>
            )}
            <ReceiptFacts r={r} />
          </Card>
          {r.video && (
            <Card className="flex flex-col gap-3" data-testid="receipt-video">
              <CardTitle as="h2">Video</CardTitle>
              <VideoProgress video={r.video} />
            </Card>
          )}
          <Card className="flex flex-col gap-2">
            <CardTitle as="h2">Reply</CardTitle>
            {/* The reply once, without its link to this very page; its links shown short as on X. */}
            <p
              className="wrap-anywhere whitespace-pre-wrap text-slate-100"
              data-testid="receipt-reply"
            >
              {r.reply.text ? (
                <PostText>
                  <LinkedText text={replyWithoutReceipt(r.reply.text, r.id)} short />
                </PostText>
              ) : r.status === 'pending' ? (
                'Still being processed…'
              ) : (
                'No answer'
              )}
            </p>
            <ReplyQueue reply={r.reply} now={Date.now()} />
          </Card>
          <ShareOnX text={shareText(r)} path={`/receipts/${encodeURIComponent(r.id)}`} />
        </>
      )}
    </div>
  );
}
