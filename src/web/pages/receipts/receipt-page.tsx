import { useQuery } from '@tanstack/react-query';
import { useParams } from 'wouter';
import { formatTokenAmount } from '@/shared/units';
import { Card, CardTitle } from '@/web/components/ui/card';
import { type Receipt, receiptKey } from '@/web/features/agent/api/agent-api';

/** /receipts/:postId — public: what was asked, what the agent did, and the transactions. */
export default function ReceiptPage() {
  const { postId = '' } = useParams<{ postId: string }>();
  const receipt = useQuery<Receipt>({ queryKey: [receiptKey(postId)], retry: false });
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
            <p className="text-slate-100">“{r.text}”</p>
            <p className="text-sm text-slate-400">
              {r.author ? `@${r.author}` : 'Someone'}{' '}
              {r.source === 'console' ? 'in the web console' : 'on X'},{' '}
              {new Date(r.receivedAt).toLocaleString('en-US')}
            </p>
          </Card>
          <Card className="flex flex-col gap-2">
            <CardTitle>Done</CardTitle>
            <p className="text-slate-100" data-testid="receipt-reply">
              {r.reply.text ?? (r.status === 'pending' ? 'Still being processed…' : 'No answer')}
            </p>
            {r.transfer && (
              <p className="text-sm text-slate-300">
                Transfer {r.transfer.state}:{' '}
                {r.transfer.amount ? formatTokenAmount(r.transfer.amount) : '…'} {r.transfer.token}
                {r.transfer.fee ? ` + fee ${formatTokenAmount(r.transfer.fee)}` : ''} to{' '}
                <span className="break-all font-mono">{r.transfer.toAddress}</span>
              </p>
            )}
          </Card>
          {r.transactions.length > 0 && (
            <Card className="flex flex-col gap-3">
              <CardTitle>Transactions</CardTitle>
              <ul className="flex flex-col gap-2">
                {r.transactions.map((t) => (
                  <li key={t.hash} className="text-sm text-slate-300">
                    <span className="font-semibold capitalize">{t.kind}</span> ·{' '}
                    {formatTokenAmount(t.amount)} {t.token} ·{' '}
                    <span className="uppercase">{t.state}</span>
                    <br />
                    <span className="break-all font-mono text-xs text-slate-400">{t.hash}</span>
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
