import { utc } from '@date-fns/utc';
import { addDays } from 'date-fns/addDays';
import { subDays } from 'date-fns/subDays';
import { parseTokenAmount } from '@/shared/units.ts';
import { dayKey } from '@/shared/utc-keys.ts';

export { dayKey };

/** What the daily job uses (POST_REWARDS_* in .env.example; decision 0020). */
export interface PostRewardSettings {
  /** Base units shared each UTC day. */
  pool: bigint;
  winners: number;
  minAccountAgeDays: number;
  minFollowers: number;
  /** A post below this total (0–100) earns nothing. */
  minScore: number;
}

export function postRewardSettings(config: {
  postRewards: Omit<PostRewardSettings, 'pool'> & { dailyPoolUp: number };
}): PostRewardSettings {
  const { dailyPoolUp, ...rest } = config.postRewards;
  const pool = parseTokenAmount(String(dailyPoolUp));
  if (pool === null) throw new Error(`POST_REWARDS_DAILY_POOL_UP is not an amount: ${dailyPoolUp}`);
  return { pool, ...rest };
}

/** The UTC bounds [start, end) of a 'YYYY-MM-DD' day (its key: dayKey). */
export function dayBounds(day: string): { start: Date; end: Date } {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) throw new RangeError(`not a day: ${day}`);
  const start = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(start.getTime()) || dayKey(start) !== day)
    throw new RangeError(`not a day: ${day}`);
  return { start, end: new Date(+addDays(start, 1, { in: utc })) };
}

/** The key of the UTC day before `now`'s. */
export const previousDayKey = (now: Date) => dayKey(subDays(now, 1, { in: utc }));
