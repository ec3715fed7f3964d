import { formatTokenAmountExact, parseTokenAmount } from '@/shared/units';
import type { ActivityItem } from '@/web/features/dashboard/api/get-activity';
import { cn } from '@/web/lib/cn';
import { dateTimeWithZone } from '@/web/lib/date-time-with-zone';

const KIND_LABEL: Record<ActivityItem['kind'], string> = {
  send: 'Sent',
  receive: 'Received',
  command: 'Paid command',
  subscription: 'Plan',
  reward: 'Reward',
  returned: 'Returned',
  refund: 'Refund',
  move: 'Moved',
};

const STATUS_STYLE: Record<ActivityItem['status'], string> = {
  pending: 'bg-amber-500/15 text-amber-200',
  confirmed: 'bg-emerald-500/15 text-emerald-200',
  refused: 'bg-red-500/15 text-red-200',
  returned: 'bg-sky-500/15 text-sky-200',
};

/** An exact signed amount ("-10.05"), grouped, every significant decimal (money that moved). */
export function exactAmount(decimal: string): string {
  const negative = decimal.startsWith('-');
  const units = parseTokenAmount(negative ? decimal.slice(1) : decimal) ?? 0n;
  const sign = units === 0n ? '' : negative ? '−' : '+';
  return `${sign}${formatTokenAmountExact(units)}`;
}

const who = (c: ActivityItem['counterparty']) =>
  c.handle ? `@${c.handle}` : c.productWallet ? `Upsider ${c.productWallet}` : c.address;

/** One movement: what, with whom, when (with its zone), how much, its state and its links. */
export function ActivityRow({ item }: { item: ActivityItem }) {
  const fees = [
    item.fee ? `fee ${exactAmount(item.fee).slice(1)}` : null,
    item.networkFee ? `network fee ${exactAmount(item.networkFee).slice(1)}` : null,
  ].filter(Boolean);
  return (
    <li className="flex flex-col gap-1 border-b border-slate-800 py-3 last:border-0 sm:flex-row sm:items-start sm:justify-between sm:gap-4">
      <div className="min-w-0">
        <p className="text-sm font-medium text-slate-100">
          {KIND_LABEL[item.kind]}
          {item.kind === 'send' ? ' to ' : item.kind === 'receive' ? ' from ' : ' · '}
          <span className="break-all">{who(item.counterparty)}</span>
        </p>
        {item.description ? <p className="text-sm text-slate-300">{item.description}</p> : null}
        <p className="text-xs text-slate-400">
          <time dateTime={item.at}>{dateTimeWithZone(item.at)}</time>
          {item.receiptPostId ? (
            <>
              {' · '}
              <a className="text-brand hover:underline" href={`/receipts/${item.receiptPostId}`}>
                Receipt
              </a>
            </>
          ) : null}
          {item.explorerUrl ? (
            <>
              {' · '}
              <a
                className="text-brand hover:underline"
                href={item.explorerUrl}
                target="_blank"
                rel="noopener noreferrer"
              >
                Explorer
              </a>
            </>
          ) : null}
        </p>
      </div>
      <div className="flex shrink-0 flex-row flex-wrap items-center gap-x-3 gap-y-1 sm:flex-col sm:items-end">
        <p
          className="whitespace-nowrap font-mono text-sm text-slate-50"
          data-testid="activity-amount"
        >
          {item.amount ? `${exactAmount(item.amount)} ${item.token}` : '—'}
        </p>
        {fees.length ? (
          <p className="text-xs text-slate-400">
            {fees.join(' · ')} {item.token}
          </p>
        ) : null}
        <span className={cn('rounded px-2 py-0.5 text-xs font-medium', STATUS_STYLE[item.status])}>
          {item.status}
        </span>
      </div>
    </li>
  );
}
