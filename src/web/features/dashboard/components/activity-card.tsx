import { History } from 'lucide-react';
import { useState } from 'react';
import { activityKinds } from '@/shared/activity/contract';
import { Button } from '@/web/components/ui/button';
import { SectionCard } from '@/web/components/ui/section-card';
import {
  type ActivityKind,
  activityCsvUrl,
  useActivity,
  useActivityTotal,
} from '@/web/features/dashboard/api/get-activity';
import { ActivityRow, exactAmount } from './activity-row';

const FILTER_LABEL: Record<ActivityKind, string> = {
  send: 'Sends',
  receive: 'Receipts of money',
  command: 'Paid commands',
  subscription: 'Plans',
  reward: 'Rewards',
  returned: 'Returned sends',
  refund: 'Refunds',
  move: 'Key moves',
};

const usd = (n: number) =>
  `${n < 0 ? '−' : ''}$${Math.abs(n).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/**
 * Dashboard: every movement of the user's wallet, newest first, a page at a time, by kind,
 * with the confirmed UP total at today's price and the whole list as a CSV download.
 */
export function ActivityCard({ className }: { className?: string }) {
  const [kind, setKind] = useState<ActivityKind | null>(null);
  const activity = useActivity(kind);
  const items = activity.data?.pages.flatMap((p) => p.items) ?? [];
  const total = useActivityTotal(kind).data;
  return (
    <SectionCard
      title="Activity"
      icon={History}
      className={className}
      action={
        <a
          className="text-sm font-medium text-brand hover:underline"
          href={activityCsvUrl(kind)}
          download
        >
          Export CSV
        </a>
      }
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <label className="flex items-center gap-2 text-sm text-slate-300">
          Show
          <select
            className="rounded-md border border-slate-700 bg-slate-950 px-2 py-1 text-slate-100"
            value={kind ?? ''}
            onChange={(e) => setKind((e.target.value || null) as ActivityKind | null)}
          >
            <option value="">Everything</option>
            {activityKinds.map((k) => (
              <option key={k} value={k}>
                {FILTER_LABEL[k]}
              </option>
            ))}
          </select>
        </label>
        {total ? (
          <p className="text-sm text-slate-300" data-testid="activity-total">
            Net UP: <span className="font-mono text-slate-50">{exactAmount(total.net)} UP</span>
            {total.usd === null ? ' (no price right now)' : ` ≈ ${usd(total.usd)} today`}
          </p>
        ) : null}
      </div>
      {activity.isPending ? (
        <p className="text-sm text-slate-400">Loading activity...</p>
      ) : activity.isError && !items.length ? (
        <p className="text-sm text-red-300">Could not load your activity. Try again shortly.</p>
      ) : items.length === 0 ? (
        <p className="text-sm text-slate-400">
          Nothing yet. Money you send, receive or pay for commands shows here.
        </p>
      ) : (
        <ul aria-label="Wallet activity">
          {items.map((item) => (
            <ActivityRow key={item.id} item={item} />
          ))}
        </ul>
      )}
      {activity.hasNextPage ? (
        <Button
          variant="outline"
          className="self-start"
          disabled={activity.isFetchingNextPage}
          onClick={() => activity.fetchNextPage()}
        >
          {activity.isFetchingNextPage ? 'Loading...' : 'Load more'}
        </Button>
      ) : null}
    </SectionCard>
  );
}
