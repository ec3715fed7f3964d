import type { ScoredPost } from '@/shared/post-rewards/contract';
import { formatTokenAmount } from '@/shared/units';
import { PostText } from '@/web/components/post-text';

const STATE = { paid: 'Paid', planned: 'Paying…', failed: 'Not paid', none: '' } as const;

/** One scored post: who, what, the score parts, and its reward or the rule that excluded it. */
export function ScoredPostRow({ post }: { post: ScoredPost }) {
  const m = post.metrics;
  const q = post.quality;
  return (
    <li
      id={`post-${post.postId}`}
      className="flex min-w-0 flex-col gap-2 rounded-lg border border-slate-800 bg-slate-950/40 p-4 target:border-amber-400"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <span className="font-medium text-slate-100">
          {post.rank ? `#${post.rank} · ` : ''}@{post.username ?? 'unknown'}
          <span className="ml-2 text-xs font-normal text-slate-400">
            {post.foundBy === 'cashtag' ? 'found by $UP search' : 'posted to the agent'}
          </span>
        </span>
        <span className="tabular-nums text-sm text-slate-300">score {post.total}/100</span>
      </div>
      <PostText as="p" className="break-words text-sm text-slate-300">
        {post.text}
      </PostText>
      <p className="text-xs text-slate-400">
        Engagement {post.engagementScore}/40 ({m.likes ?? 0} likes, {m.retweets ?? 0} reposts,{' '}
        {m.replies ?? 0} replies
        {m.repliers != null ? ` from ${m.repliers} accounts` : ''}, {m.quotes ?? 0} quotes
        {m.engagers ? `; ${m.engagers.actions} actions by ${m.engagers.accounts} accounts` : ''}) ·{' '}
        {q
          ? `Quality ${post.qualityScore}/60 (originality ${q.originality}, substance ${q.substance}, spam ${q.spam})`
          : 'Quality not rated'}
      </p>
      {post.amount ? (
        <p className="text-sm font-medium text-emerald-300">
          {formatTokenAmount(post.amount)} UP{' '}
          <span className="text-xs text-slate-400">{STATE[post.state]}</span>
        </p>
      ) : post.excludedReason ? (
        <p className="text-sm text-amber-200">Not rewarded: {post.excludedReason}</p>
      ) : (
        <p className="text-sm text-slate-400">Not in the day's top posts</p>
      )}
    </li>
  );
}
