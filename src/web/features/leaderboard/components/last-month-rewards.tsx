import { Gift } from 'lucide-react';
import { formatTokenAmount } from '@/shared/units';
import { monthYearEnUs } from '@/web/lib/plain-format';
import { useLatestRewards } from '../api/get-rewards';
import { closedMonthHeading } from './leaderboard-format';

const monthName = monthYearEnUs;

const STATE = { paid: 'Paid', planned: 'Paying…', failed: 'Not paid' } as const;

/** The latest closed month's rewards: who won its pool, and whether it reached them. */
export function LastMonthRewards() {
  const rewards = useLatestRewards();
  const data = rewards.data;
  if (!data?.month) return null;
  // Rendered only once the data arrived (never by the server's prerender), so the clock is the
  // browser's, as the countdown's is.
  const heading = closedMonthHeading(data.month, new Date());
  return (
    <section
      aria-labelledby="closed-month-rewards"
      className="flex flex-col gap-3 rounded-xl border border-slate-800 bg-slate-900/60 p-5"
    >
      <h2
        id="closed-month-rewards"
        className="flex flex-wrap items-center gap-2 text-lg font-semibold text-slate-50"
      >
        <Gift className="size-5 text-amber-300" aria-hidden="true" />
        {heading}
        <span className="text-sm font-normal text-slate-400">
          {monthName(data.month)} · {formatTokenAmount(data.pool)} UP pool
        </span>
      </h2>
      {data.payouts.length === 0 ? (
        <p className="text-sm text-slate-400">
          No active Premium subscriber was active that month.
        </p>
      ) : (
        <ol className="flex flex-col gap-1 text-sm">
          {data.payouts.map((p) => (
            <li key={p.rank} className="flex justify-between gap-3">
              <span className="text-slate-200">
                {p.rank}. @{p.username}{' '}
                <span className="text-slate-500">({p.activityCount} actions)</span>
              </span>
              <span className="tabular-nums text-slate-50">
                {formatTokenAmount(p.amount)} UP{' '}
                <span className="text-xs text-slate-400">{STATE[p.state]}</span>
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
