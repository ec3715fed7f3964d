import { AtSign, Fingerprint, Send } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearch } from 'wouter';
import type { LeaderboardPeriod } from '@/shared/leaderboard/contract';
import { LastMonthRewards } from '@/web/features/leaderboard/components/last-month-rewards';
import { LeaderboardCard } from '@/web/features/leaderboard/components/leaderboard-card';
import { MonthCountdown } from '@/web/features/leaderboard/components/month-countdown';
import { cn } from '@/web/lib/cn';

const TABS: { period: LeaderboardPeriod; label: string }[] = [
  { period: 'all-time', label: 'All-Time' },
  { period: 'monthly', label: 'Monthly' },
];

const CARDS = [
  { title: 'Most Mentions', icon: AtSign, category: 'mentions' },
  { title: 'Most Sends', icon: Send, category: 'sends' },
  { title: 'Most Fingerprints', icon: Fingerprint, category: 'fingerprints' },
] as const;

/** /leaderboard: who uses the agent most, all time or this month (the default). */
export default function LeaderboardPage() {
  // A shared tab (`?period=all-time`, whose link has its own card) opens on that tab.
  const shared = new URLSearchParams(useSearch()).get('period');
  const [period, setPeriod] = useState<LeaderboardPeriod>(
    shared === 'all-time' ? 'all-time' : 'monthly',
  );
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-12 sm:px-6">
      <header className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold tracking-tight text-slate-50">Leaderboard</h1>
        <p className="text-slate-400">Who mentions the agent, sends and fingerprints the most.</p>
      </header>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div
          role="tablist"
          aria-label="Period"
          className="inline-flex rounded-lg border border-slate-800 p-1"
        >
          {TABS.map((tab) => (
            <button
              key={tab.period}
              type="button"
              role="tab"
              aria-selected={period === tab.period}
              onClick={() => {
                setPeriod(tab.period);
                // The address names the tab, so copying it shares this tab and its card.
                const query = tab.period === 'monthly' ? '' : `?period=${tab.period}`;
                window.history.replaceState(null, '', `/leaderboard${query}`);
              }}
              className={cn(
                'rounded-md px-4 py-1.5 text-sm font-medium',
                period === tab.period
                  ? 'bg-brand text-slate-950'
                  : 'text-slate-300 hover:text-slate-50',
              )}
            >
              {tab.label}
            </button>
          ))}
        </div>
        {period === 'monthly' && <MonthCountdown />}
      </div>
      <p className="rounded-lg border border-amber-500/30 bg-amber-500/5 px-4 py-3 text-sm text-amber-200">
        Only active{' '}
        <Link href="/premium" className="underline">
          Premium
        </Link>{' '}
        subscribers are eligible for leaderboard rewards.
      </p>
      <div
        role="tabpanel"
        aria-label={period === 'monthly' ? 'Monthly' : 'All-Time'}
        className="grid gap-4 lg:grid-cols-3"
      >
        {CARDS.map((card) => (
          <LeaderboardCard key={`${card.category}-${period}`} {...card} period={period} />
        ))}
      </div>
      <LastMonthRewards />
      <p className="text-sm text-slate-400">
        Quality posts about $UP earn daily rewards too:{' '}
        <Link href="/rewards" className="underline">
          see the rewards
        </Link>
        .
      </p>
    </div>
  );
}
