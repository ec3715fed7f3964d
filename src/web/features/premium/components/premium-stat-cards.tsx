import { Crown, Users } from 'lucide-react';
import { numberEnUs } from '@/web/lib/plain-format';
import { usePremiumStats } from '../api/premium-api';

const count = (n: number | undefined) => (n === undefined ? '—' : numberEnUs(n));

/** /premium: stat cards for active subscriptions and total users. */
export function PremiumStatCards() {
  const stats = usePremiumStats();
  const cards = [
    { label: 'Active subscriptions', value: stats.data?.activeSubscriptions, icon: Crown },
    { label: 'Total users', value: stats.data?.totalUsers, icon: Users },
  ];
  return (
    <dl className="grid gap-4 sm:grid-cols-2">
      {cards.map(({ label, value, icon: Icon }) => (
        <div key={label} className="rounded-xl border border-slate-800 bg-slate-900/60 p-5">
          <dt className="flex items-center gap-2 text-sm text-slate-400">
            <Icon className="size-4 text-brand" aria-hidden="true" />
            {label}
          </dt>
          <dd className="mt-2 text-3xl font-bold text-slate-50" aria-busy={stats.isLoading}>
            {stats.isError ? 'Unavailable' : count(value)}
          </dd>
        </div>
      ))}
    </dl>
  );
}
