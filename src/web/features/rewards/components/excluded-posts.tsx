import { ChevronRight } from 'lucide-react';
import type { ScoredPost } from '@/shared/post-rewards/contract';
import { ScoredPostRow } from './scored-post-row';

/** Excluded posts grouped by the rule that excluded them, largest group first. */
export function groupByReason(posts: readonly ScoredPost[]) {
  const groups = new Map<string, ScoredPost[]>();
  for (const p of posts) {
    const reason = p.excludedReason ?? 'Not rewarded';
    groups.set(reason, [...(groups.get(reason) ?? []), p]);
  }
  return [...groups.entries()]
    .map(([reason, list]) => ({ reason, posts: list }))
    .sort((a, b) => b.posts.length - a.posts.length || a.reason.localeCompare(b.reason));
}

/**
 * The posts a rule excluded, one collapsed line per rule with its count ("A command to the
 * agent · 20 posts"), each opening to its posts: a day of commands no longer buries the scored
 * posts. A receipt link to one of them (`#post-<id>`) opens its group.
 */
export function ExcludedPosts({ posts, target }: { posts: ScoredPost[]; target: string | null }) {
  if (posts.length === 0) return null;
  return (
    <section aria-label="Posts not rewarded" className="flex flex-col gap-2">
      <h3 className="text-base font-semibold text-slate-200">Not rewarded ({posts.length})</h3>
      {groupByReason(posts).map((g) => (
        <details
          key={g.reason}
          open={g.posts.some((p) => `post-${p.postId}` === target) || undefined}
          className="group rounded-lg border border-slate-800 bg-slate-950/40"
        >
          <summary className="flex cursor-pointer list-none items-center gap-2 px-4 py-3 text-sm text-amber-200 [&::-webkit-details-marker]:hidden">
            <ChevronRight
              className="size-4 shrink-0 text-slate-400 transition-transform group-open:rotate-90"
              aria-hidden="true"
            />
            <span className="min-w-0 flex-1">{g.reason}</span>
            <span className="shrink-0 tabular-nums text-slate-400">
              {g.posts.length} {g.posts.length === 1 ? 'post' : 'posts'}
            </span>
          </summary>
          <ul className="flex flex-col gap-3 px-4 pb-4">
            {g.posts.map((p) => (
              <ScoredPostRow key={p.postId} post={p} />
            ))}
          </ul>
        </details>
      ))}
    </section>
  );
}
