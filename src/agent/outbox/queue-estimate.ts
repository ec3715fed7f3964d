import { type PostingLimits, THREE_HOURS_MS } from './pacing.ts';

/** What the estimate starts from: our posts still inside the windows, and any block on posting. */
export interface QueueClock {
  now: Date;
  limits: PostingLimits;
  /** Send times of our posts in the last 3 hours (at least the 15-minute window's), any order. */
  sentAt: Date[];
  /** Nobody posts before this (a 429's block, X's spent window); null: no block. */
  notBefore: Date | null;
}

/** Beyond this many posts the estimate says "at least": a day of X's windows is 2,400 posts. */
export const MAX_ESTIMATED_PLACE = 50_000;

/**
 * When the post `place` places from now (1 = the next) can go out if the outbox posts as fast as
 * X's windows allow: each post at the earliest moment both sliding windows (N per 15 minutes, M
 * per 3 hours) have room, counting the ones before it. Stepped post by post, so it is exact for
 * the windows however the earlier posts fell; it does not foresee folds (fold-cold.ts), which
 * only shorten the line, nor a daily budget. Linear in `place`, capped at MAX_ESTIMATED_PLACE.
 */
export function estimatePostedAt(clock: QueueClock, place: number): Date {
  const { limits } = clock;
  const times = clock.sentAt.map((d) => d.getTime()).sort((a, b) => a - b);
  const start = Math.max(clock.now.getTime(), clock.notBefore?.getTime() ?? 0);
  let t = start;
  for (let i = 0; i < Math.min(place, MAX_ESTIMATED_PLACE); i++) {
    t = start;
    const nth = times[times.length - limits.perWindow];
    if (nth !== undefined) t = Math.max(t, nth + limits.windowMs);
    const per3h = limits.perThreeHours;
    const nth3h = per3h ? times[times.length - per3h] : undefined;
    if (nth3h !== undefined) t = Math.max(t, nth3h + THREE_HOURS_MS);
    times.push(t);
  }
  return new Date(t);
}
