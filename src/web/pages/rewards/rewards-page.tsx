import { Award, Gift } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { formatTokenAmount } from '@/shared/units';
import { usePostRewardDay } from '@/web/features/rewards/api/get-post-rewards';
import { ExcludedPosts } from '@/web/features/rewards/components/excluded-posts';
import { ScoredPostRow } from '@/web/features/rewards/components/scored-post-row';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * /rewards: quality-post rewards, one scored UTC day at a time (`?day=`; the latest by default):
 * the pool, every post scored with its parts, and the rule that excluded it. The agent's reply
 * to a rewarded post links here (`#post-<id>`). Monthly leaderboard rewards stay on /leaderboard.
 */
export default function RewardsPage() {
  const search = new URLSearchParams(useSearch());
  const asked = search.get('day');
  const [, navigate] = useLocation();
  const query = usePostRewardDay(asked && DAY.test(asked) ? asked : null);
  const data = query.data;
  // Bring the post a receipt link names into view once the list is there.
  useEffect(() => {
    if (!data || typeof window === 'undefined' || !window.location.hash) return;
    document.getElementById(window.location.hash.slice(1))?.scrollIntoView();
  }, [data]);
  const winners = data?.posts.filter((p) => p.amount) ?? [];
  // Scored but below the day's top posts, shown in full; the ones a rule excluded (most often
  // commands to the agent) collapse into one line per rule under them.
  const others = data?.posts.filter((p) => !p.amount && !p.excludedReason) ?? [];
  const excluded = data?.posts.filter((p) => !p.amount && p.excludedReason) ?? [];
  const target = typeof window === 'undefined' ? null : window.location.hash.slice(1) || null;
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6 px-4 py-12 sm:px-6">
      <header className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold tracking-tight text-slate-50">Rewards</h1>
        <p className="text-slate-400">
          Each UTC day, posts about $UP (ones that mention the agent or carry the $UP cashtag) are
          scored on engagement (0–40) and on a fixed quality rubric (0–60: originality, substance,
          not spam). The best posts share the day's $UP pool, paid from the rewards wallet. The
          agent replies with the receipt to each that mentioned it; one found by its cashtag alone
          is announced here, as X lets the agent reply only where it was mentioned.
        </p>
      </header>
      <section aria-label="Quality-post rewards" className="flex flex-col gap-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 className="flex items-center gap-2 text-lg font-semibold text-slate-50">
            <Award className="size-5 text-amber-300" aria-hidden="true" />
            Quality-post rewards
            {data?.day && (
              <span className="text-sm font-normal text-slate-400">
                {data.day} · {formatTokenAmount(data.pool)} UP pool
              </span>
            )}
          </h2>
          {data && data.days.length > 1 && (
            <label className="flex items-center gap-2 text-sm text-slate-300">
              Day
              <select
                className="rounded-md border border-slate-700 bg-slate-900 px-2 py-1"
                value={data.day ?? ''}
                onChange={(e) => navigate(`/rewards?day=${e.target.value}`)}
              >
                {data.days.map((d) => (
                  <option key={d} value={d}>
                    {d}
                  </option>
                ))}
              </select>
            </label>
          )}
        </div>
        {query.isError && <p className="text-sm text-red-300">Could not load the rewards.</p>}
        {data && !data.day && (
          <p className="text-sm text-slate-400">
            No day has been scored yet. The first one closes after midnight UTC.
          </p>
        )}
        {data?.day && data.posts.length === 0 && (
          <p className="text-sm text-slate-400">No post mentioned the agent on {data.day}.</p>
        )}
        {data?.note && (
          <p className="rounded-lg border border-amber-500/30 bg-amber-500/5 px-4 py-3 text-sm text-amber-200">
            {data.note}
          </p>
        )}
        {winners.length > 0 && (
          <ol aria-label="Rewarded posts" className="flex flex-col gap-3">
            {winners.map((p) => (
              <ScoredPostRow key={p.postId} post={p} />
            ))}
          </ol>
        )}
        {others.length > 0 && (
          <>
            <h3 className="text-base font-semibold text-slate-200">Also scored</h3>
            <ul aria-label="Other scored posts" className="flex flex-col gap-3">
              {others.map((p) => (
                <ScoredPostRow key={p.postId} post={p} />
              ))}
            </ul>
          </>
        )}
        <ExcludedPosts posts={excluded} target={target} />
      </section>
      {/* After the day's posts, not before them: shown while they load, it sat in view and was
          pushed down when they arrived (CLS 0.13 on a phone). */}
      {(data || query.isError) && (
        <section
          aria-label="Monthly leaderboard rewards"
          className="flex flex-col gap-2 rounded-xl border border-slate-800 bg-slate-900/60 p-5 text-sm text-slate-300"
        >
          <h2 className="flex items-center gap-2 text-lg font-semibold text-slate-50">
            <Gift className="size-5 text-amber-300" aria-hidden="true" />
            Monthly leaderboard rewards
          </h2>
          <p>
            A separate pool goes each month to the most active Premium subscribers; see the{' '}
            <Link href="/leaderboard" className="underline">
              leaderboard
            </Link>
            .
          </p>
        </section>
      )}
    </div>
  );
}
