import type { LeaderboardEntry } from '@/shared/leaderboard/contract';
import { numberEnUs } from '@/web/lib/plain-format';

const compact = (n: number, unit: number, suffix: string) =>
  `${numberEnUs(Math.floor((n / unit) * 10) / 10, 1)}${suffix}`;

/** Counts over 999 with K, over 999,999 with M (one decimal, never rounded up). */
export function formatCount(n: number): string {
  if (n > 999_999) return compact(n, 1_000_000, 'M');
  if (n > 999) return compact(n, 1_000, 'K');
  return String(n);
}

/** The monthly countdown, or 'New month starts soon!' once it reaches zero. */
export function countdownText(msLeft: number): string {
  if (msLeft <= 0) return 'New month starts soon!';
  const s = Math.floor(msLeft / 1000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${Math.floor(s / 86_400)}d ${pad(Math.floor(s / 3600) % 24)}h ${pad(Math.floor(s / 60) % 60)}m ${pad(s % 60)}s`;
}

/** The 'Share on X' text lists the top 5 entries. */
export function shareText(
  title: string,
  periodLabel: string,
  entries: readonly Pick<LeaderboardEntry, 'rank' | 'username' | 'count'>[],
  productName: string,
): string {
  const lines = entries
    .slice(0, 5)
    .map((e) => `${e.rank}. @${e.username} (${formatCount(e.count)})`);
  return [`${title} on ${productName} (${periodLabel}):`, ...lines].join('\n');
}

const utcMonthKey = (year: number, month: number) => {
  const d = new Date(Date.UTC(year, month, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
};

/** Whether `month` ('2026-11') is the UTC month `now` is in. */
export const isRunningMonth = (month: string, now: Date) =>
  month === utcMonthKey(now.getUTCFullYear(), now.getUTCMonth());

/**
 * The heading of the latest closed month's rewards, named against the UTC month the countdown
 * runs in: the month before it is "Last month's"; the running month itself (which only the
 * sandbox's close-month closes, early) is "This month's"; an older one is named by its month.
 * Calling the running month "Last month's" read as a contradiction of its countdown.
 */
export function closedMonthHeading(month: string, now: Date): string {
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth();
  if (isRunningMonth(month, now)) return "This month's rewards (closed early)";
  if (month === utcMonthKey(y, m - 1)) return "Last month's rewards";
  return 'Monthly rewards';
}
