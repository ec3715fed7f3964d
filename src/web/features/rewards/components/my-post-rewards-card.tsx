import { Award } from 'lucide-react';
import { Link } from 'wouter';
import { formatTokenAmount } from '@/shared/units';
import { SectionCard } from '@/web/components/ui/section-card';
import { useMyPostRewards } from '../api/get-post-rewards';

const STATE = { paid: '', planned: ' (paying…)', failed: ' (not paid)' } as const;

/** The author's dashboard card: each rewarded post, its day and amount. Hidden until one. */
export function MyPostRewardsCard() {
  const rewards = useMyPostRewards(true);
  const list = rewards.data ?? [];
  if (list.length === 0) return null;
  return (
    // min-w-0: a grid item would otherwise grow to its longest (truncated) line.
    <SectionCard title="Post Rewards" icon={Award} className="min-w-0">
      <ul className="flex flex-col gap-2 text-sm">
        {list.map((r) => (
          <li key={`${r.day}-${r.postId}`} className="flex min-w-0 justify-between gap-3">
            <Link
              href={`/rewards?day=${r.day}#post-${r.postId}`}
              className="block min-w-0 truncate text-slate-300 underline-offset-2 hover:underline"
            >
              {r.day} · #{r.rank} · {r.text}
            </Link>
            <span className="shrink-0 tabular-nums text-slate-50">
              {formatTokenAmount(r.amount)} UP{STATE[r.state]}
            </span>
          </li>
        ))}
      </ul>
    </SectionCard>
  );
}
