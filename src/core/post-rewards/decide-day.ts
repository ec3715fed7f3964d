import { splitPool } from '../rewards/split-pool.ts';
import { type Exclusion, engagementScore, ruleOut } from './apply-rules.ts';
import type { Candidate } from './candidate.ts';
import { type QualityRubric, qualityPoints } from './rubric.ts';
import type { PostRewardSettings } from './settings.ts';

/** A spam rating at or above this excludes the post whatever its engagement. */
export const SPAM_LIMIT = 7;

export interface ScoredPost {
  candidate: Candidate;
  engagementScore: number;
  quality: QualityRubric | null;
  qualityScore: number | null;
  total: number;
  exclusion: Exclusion | null;
  rank: number | null;
  amount: bigint | null;
}

/** The posts the model should rate: those no rule has excluded yet (saves model calls). */
export function screen(
  candidates: Candidate[],
  ctx: { agentUserId: string | null; settings: PostRewardSettings },
) {
  return candidates.map((c, i) => ({
    candidate: c,
    exclusion: ruleOut(c, candidates.slice(0, i), ctx),
  }));
}

/**
 * The day's result from the screened posts and the model's ratings (null: not rated). Score =
 * engagement (0–40) + quality (0–60). Then the spam rule, one post per author (the best), the
 * minimum score; the top `winners` share the pool by linear weights (core/rewards split-pool).
 */
export function decideDay(
  screened: ReturnType<typeof screen>,
  quality: Map<string, QualityRubric | null>,
  settings: PostRewardSettings,
): ScoredPost[] {
  const scored: ScoredPost[] = screened.map(({ candidate, exclusion }) => {
    const q = quality.get(candidate.postId) ?? null;
    const engagement = engagementScore(candidate.metrics);
    const qualityScore = q ? qualityPoints(q) : null;
    let why = exclusion;
    if (!why && q && q.spam >= SPAM_LIMIT) why = { rule: 'spam', detail: `spam ${q.spam}/10` };
    return {
      candidate,
      engagementScore: engagement,
      quality: q,
      qualityScore,
      total: engagement + (qualityScore ?? 0),
      exclusion: why,
      rank: null,
      amount: null,
    };
  });
  const byScore = scored
    .filter((s) => !s.exclusion)
    .sort(
      (a, b) =>
        b.total - a.total || (BigInt(a.candidate.postId) < BigInt(b.candidate.postId) ? -1 : 1),
    );
  const best = new Map<string, ScoredPost>();
  for (const s of byScore) {
    const kept = best.get(s.candidate.authorId);
    if (kept) {
      s.exclusion = {
        rule: 'one_per_author',
        detail: `post ${kept.candidate.postId} scored higher`,
      };
    } else if (s.total < settings.minScore) {
      s.exclusion = { rule: 'below_minimum', detail: `${s.total} < ${settings.minScore}` };
    } else best.set(s.candidate.authorId, s);
  }
  const winners = byScore.filter((s) => !s.exclusion).slice(0, settings.winners);
  const amounts = splitPool(settings.pool, winners.length);
  winners.forEach((w, i) => {
    w.rank = i + 1;
    w.amount = amounts[i]!;
  });
  return scored;
}
