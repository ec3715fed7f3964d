import { Gift } from 'lucide-react';
import { formatTokenAmount } from '@/shared/units';
import { SectionCard } from '@/web/components/ui/section-card';
import { useMyRewards } from '../api/get-rewards';

/** The winner's dashboard card: each month's rank and payout. Hidden for users who never won. */
export function MyRewardsCard() {
  const rewards = useMyRewards(true);
  const payouts = rewards.data ?? [];
  if (payouts.length === 0) return null;
  return (
    <SectionCard title="Leaderboard Rewards" icon={Gift}>
      <ul className="flex flex-col gap-2 text-sm">
        {payouts.map((p) => (
          <li key={p.month} className="flex justify-between gap-3">
            <span className="text-slate-300">
              {p.month} · rank {p.rank}
            </span>
            <span className="tabular-nums text-slate-50">
              {formatTokenAmount(p.amount)} UP
              {p.state === 'paid' ? '' : p.state === 'planned' ? ' (paying…)' : ' (not paid)'}
            </span>
          </li>
        ))}
      </ul>
    </SectionCard>
  );
}
