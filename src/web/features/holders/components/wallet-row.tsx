import { formatUp, rankMedal, shareOfCirculation, shortenAddress } from '@/shared/holders/display';
import type { WalletListEntry } from '@/shared/holders/wallet-list';
import { cn } from '@/web/lib/cn';

const MEDAL_CLASS = {
  gold: 'text-yellow-300',
  silver: 'text-slate-300',
  bronze: 'text-amber-600',
} as const;

/** One leaderboard row: rank, 8…8 address to the explorer, label, share, balance. */
export function WalletRow(props: {
  rank: number;
  entry: WalletListEntry;
  circulation: number;
  explorerUrl: string;
}) {
  const { rank, entry } = props;
  const medal = rankMedal(rank);
  return (
    <li
      className="flex flex-wrap items-center gap-x-4 gap-y-1 border-b border-slate-800/80 px-4 py-3"
      data-testid="wallet-row"
    >
      <span
        className={cn('w-8 font-mono font-semibold', medal ? MEDAL_CLASS[medal] : 'text-slate-500')}
        data-medal={medal ?? undefined}
      >
        {rank}
      </span>
      <a
        href={`${props.explorerUrl}${entry.address}`}
        target="_blank"
        rel="noopener noreferrer"
        className="font-mono text-sm text-cyan-300 hover:underline"
      >
        {shortenAddress(entry.address)}
      </a>
      {entry.label && (
        <span className="rounded-full border border-slate-600 px-2 py-0.5 text-xs text-slate-300">
          {entry.label}
        </span>
      )}
      <span className="ml-auto text-sm text-slate-400">
        {shareOfCirculation(entry, props.circulation)}
      </span>
      <span className="font-mono text-sm text-slate-100 tabular-nums sm:w-44 sm:text-right">
        {formatUp(entry.balance)} UP
      </span>
    </li>
  );
}
