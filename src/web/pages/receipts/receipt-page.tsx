import { useParams } from 'wouter';
import { formatTokenAmountExact } from '@/shared/units';
import { LinkedText } from '@/web/components/linked-text';
import { PostText } from '@/web/components/post-text';
import { Card, CardTitle } from '@/web/components/ui/card';
import { type Receipt, useReceipt } from '@/web/features/agent/api/agent-api';
import { VideoProgress } from '@/web/features/agent/components/video-progress';

const exact = (units: string) => formatTokenAmountExact(BigInt(units));
const RESULT: Record<Receipt['result'], { label: string; color: string }> = {
  pending: { label: 'Pending', color: 'text-slate-300' },
  done: { label: 'Done', color: 'text-emerald-400' },
  refused: { label: 'Refused', color: 'text-amber-400' },
  failed: { label: 'Failed', color: 'text-red-400' },
};

/** What the paid work cost, exact (money confirmed), or the premium allowance it used. */
function chargeText(c: NonNullable<Receipt['charge']>): string {
  if (c.state === 'free') return 'Free (premium allowance).';
  if (c.state === 'paid') return `Paid ${exact(c.price)} UP.`;
  if (c.state === 'held' || c.state === 'paying')
    return `${exact(c.price)} UP held until it is delivered.`;
  return 'Nothing was charged.';
}

// dateStyle/timeStyle cannot be combined with timeZoneName (Intl throws): the fields one by one.
const when = (iso: string) =>
  new Date(iso).toLocaleString('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  });

/** A send to someone who never signed in: where the money waits, and when it comes back (0048). */
function unclaimedText(u: NonNullable<Receipt['unclaimed']>): string {
  const who = u.recipient ? `@${u.recipient}` : 'The recipient';
  if (u.state === 'held')
    return `${who} has not signed in to Upsider yet. The money waits for them; if they have not signed in by ${when(u.returnAfter)}, it returns to the sender in full.`;
  if (u.state === 'claimed') return `${who} signed in and received it.`;
  if (u.state === 'returning') return `${who} did not sign in in time: returning it to the sender.`;
  if (u.state === 'returned')
    return `${who} did not sign in in time: returned to the sender in full${u.settledAt ? ` on ${when(u.settledAt)}` : ''}.`;
  return `${who} did not sign in in time, and the return to the sender failed${u.error ? `: ${u.error}` : ''}.`;
}

/** /receipts/:postId — public: what was asked, what the agent did, and the transactions. */
export default function ReceiptPage() {
  const { postId = '' } = useParams<{ postId: string }>();
  const receipt = useReceipt(postId);
  const r = receipt.data;
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-12 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-slate-50">Receipt</h1>
      {receipt.isLoading && <p className="text-slate-400">Loading receipt…</p>}
      {receipt.isError && <p className="text-slate-300">No receipt exists for this post.</p>}
      {r && (
        <>
          <Card className="flex flex-col gap-2">
            <CardTitle>Asked</CardTitle>
            <PostText as="p" className="wrap-anywhere text-slate-100">
              “{r.text}”
            </PostText>
            <p className="text-sm text-slate-400">
              {r.author ? `@${r.author}` : 'Someone'}{' '}
              {r.source === 'console' ? 'in the web console' : 'on X'},{' '}
              <time dateTime={r.postedAt}>{new Date(r.postedAt).toLocaleString('en-US')}</time>
            </p>
          </Card>
          <Card className="flex flex-col gap-2">
            <CardTitle className={RESULT[r.result].color} data-testid="receipt-result">
              {RESULT[r.result].label}
            </CardTitle>
            {r.reason && <p className="wrap-anywhere text-sm text-slate-300">{r.reason}</p>}
            <p
              className="wrap-anywhere whitespace-pre-wrap text-slate-100"
              data-testid="receipt-reply"
            >
              {r.reply.text ? (
                <PostText>
                  <LinkedText text={r.reply.text} />
                </PostText>
              ) : r.status === 'pending' ? (
                'Still being processed…'
              ) : (
                'No answer'
              )}
            </p>
            {r.transfer && (
              <p className="wrap-anywhere text-sm text-slate-300">
                Transfer {r.transfer.state}: {r.transfer.amount ? exact(r.transfer.amount) : '…'}{' '}
                {r.transfer.token}
                {r.transfer.fee ? ` + fee ${exact(r.transfer.fee)} ${r.transfer.token}` : ''} to{' '}
                <span className="font-mono">{r.transfer.toAddress}</span>
                {r.transfer.error && `. ${r.transfer.error}`}
              </p>
            )}
            {r.unclaimed && (
              <p className="wrap-anywhere text-sm text-slate-300" data-testid="receipt-unclaimed">
                {unclaimedText(r.unclaimed)}
              </p>
            )}
            {r.charge && (
              <p className="text-sm text-slate-300" data-testid="receipt-charge">
                {chargeText(r.charge)}
              </p>
            )}
          </Card>
          {r.video && (
            <Card className="flex flex-col gap-3" data-testid="receipt-video">
              <CardTitle>Video</CardTitle>
              <VideoProgress video={r.video} />
            </Card>
          )}
          {r.transactions.length > 0 && (
            <Card className="flex flex-col gap-3">
              <CardTitle>Transactions</CardTitle>
              <ul className="flex flex-col gap-2">
                {r.transactions.map((t) => (
                  <li key={t.hash} className="wrap-anywhere text-sm text-slate-300">
                    <span className="font-semibold capitalize">{t.kind}</span> · {exact(t.amount)}{' '}
                    {t.token} · <span className="uppercase">{t.state}</span>
                    <br />
                    {t.explorerUrl ? (
                      <a
                        href={t.explorerUrl}
                        className="font-mono text-xs text-brand underline hover:text-slate-50"
                        rel="noopener noreferrer"
                      >
                        {t.hash}
                      </a>
                    ) : (
                      <span className="font-mono text-xs text-slate-400">{t.hash}</span>
                    )}
                  </li>
                ))}
              </ul>
            </Card>
          )}
        </>
      )}
    </div>
  );
}
