import { Crown, type LucideIcon, Share2 } from 'lucide-react';
import { useState } from 'react';
import type {
  LeaderboardCategory,
  LeaderboardEntry,
  LeaderboardPeriod,
} from '@/shared/leaderboard/contract';
import { avatarUrl, postIntentUrl } from '@/shared/x-links';
import { numberEnUs } from '@/web/lib/plain-format';
import { publicConfig } from '@/web/lib/public-config';
import { useLeaderboard } from '../api/get-leaderboard';
import { formatCount, shareText } from './leaderboard-format';

const MEDAL = ['text-amber-300', 'text-slate-300', 'text-orange-400'];

function Avatar({ username }: { username: string }) {
  const [failed, setFailed] = useState(false);
  const initial = username.charAt(0).toUpperCase() || '?';
  if (failed) {
    return (
      <span
        aria-hidden="true"
        className="grid size-8 shrink-0 place-items-center rounded-full bg-brand/20 text-sm font-semibold text-brand"
      >
        {initial}
      </span>
    );
  }
  // Avatars from a public avatar service by username (the local X's in the
  // sandbox, through the public config); unreachable, the initial.
  return (
    <img
      src={avatarUrl(publicConfig, username)}
      alt=""
      width={32}
      height={32}
      loading="lazy"
      referrerPolicy="no-referrer"
      onError={() => setFailed(true)}
      className="size-8 shrink-0 rounded-full bg-slate-800 object-cover"
    />
  );
}

/** A /leaderboard card: loading skeleton, error, empty ('No data available') or the list. */
export function LeaderboardCard(p: {
  title: string;
  icon: LucideIcon;
  category: LeaderboardCategory;
  period: LeaderboardPeriod;
}) {
  const board = useLeaderboard(p.category, p.period);
  const entries = board.data ?? [];
  const periodLabel = p.period === 'monthly' ? 'this month' : 'all time';
  const share = postIntentUrl(
    publicConfig,
    shareText(p.title, periodLabel, entries, publicConfig.productName),
  );
  const Icon = p.icon;
  return (
    <section
      aria-label={p.title}
      className="flex flex-col gap-4 rounded-xl border border-slate-800 bg-slate-900/60 p-5"
    >
      <div className="flex items-center justify-between gap-2">
        <h2 className="flex items-center gap-2 text-lg font-semibold text-slate-50">
          <Icon className="size-5 text-brand" aria-hidden="true" />
          {p.title}
        </h2>
        <a
          href={share}
          target="_blank"
          rel="noreferrer"
          aria-disabled={entries.length === 0 || undefined}
          className="inline-flex items-center gap-1 rounded-md border border-slate-700 px-2 py-1 text-xs text-slate-200 hover:border-brand aria-disabled:pointer-events-none aria-disabled:opacity-50"
        >
          <Share2 className="size-3.5" aria-hidden="true" />
          Share on X
        </a>
      </div>
      {/* At least five rows tall in every state, skeleton rows spaced like entries: on a phone
          the cards stack, and a card growing as its list arrives shifted the ones below (CLS
          0.18). The server renders the skeleton (api/http/prerender.ts). */}
      <div className="min-h-48">{boardList(board, entries)}</div>
    </section>
  );
}

/** The card's list in its state: skeleton, error, empty or the entries. */
function boardList(board: ReturnType<typeof useLeaderboard>, entries: LeaderboardEntry[]) {
  return board.isLoading ? (
    <ul aria-busy="true" aria-label="Loading" className="flex flex-col gap-2">
      {[0, 1, 2, 3, 4].map((i) => (
        <li key={i} className="h-8 animate-pulse rounded bg-slate-800/70" />
      ))}
    </ul>
  ) : board.isError ? (
    <p role="alert" className="text-sm text-red-400">
      Failed to load leaderboard
    </p>
  ) : entries.length === 0 ? (
    <p className="text-sm text-slate-400">No data available</p>
  ) : (
    <ol className="flex flex-col gap-2">
      {entries.map((e) => (
        <li key={`${e.platform}:${e.author_id}`} className="flex items-center gap-3">
          <span
            className={`w-6 text-right text-sm font-semibold ${MEDAL[e.rank - 1] ?? 'text-slate-500'}`}
          >
            {e.rank}
          </span>
          <Avatar username={e.username} />
          <span className="min-w-0 flex-1 truncate text-sm text-slate-100">
            @{e.username}
            {e.platform !== 'twitter' && (
              <span className="ml-2 rounded bg-violet-500/15 px-1.5 py-0.5 text-xs text-violet-300">
                Warpcast
              </span>
            )}
            {e.hasActiveSubscription && (
              <Crown className="ml-1 inline size-3.5 text-amber-300" aria-label="Premium" />
            )}
          </span>
          <span
            className="text-sm font-semibold tabular-nums text-slate-50"
            title={numberEnUs(e.count)}
          >
            {formatCount(e.count)}
          </span>
        </li>
      ))}
    </ol>
  );
}
