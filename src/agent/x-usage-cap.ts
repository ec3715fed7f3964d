import { utc } from '@date-fns/utc';
import { addDays } from 'date-fns/addDays';
import { addMonths } from 'date-fns/addMonths';
import { startOfDay } from 'date-fns/startOfDay';
import { startOfMonth } from 'date-fns/startOfMonth';
import type { Db } from '../db/client.ts';
import type { XApiError } from '../integrations/x/index.ts';
import { getAgentState, setAgentState } from './state.ts';

/**
 * When X's usage cap lifts: the next UTC day for a Daily cap, else the next UTC month (X's
 * monthly caps follow the billing month; the first of the month is the earliest it can lift,
 * and `npm run agent:resume` clears the pause sooner once the plan allows more).
 */
export function usageCapLiftsAt(period: string | null, now: Date): Date {
  if (period === 'Daily') return new Date(+addDays(startOfDay(now, { in: utc }), 1));
  return new Date(+addMonths(startOfMonth(now, { in: utc }), 1));
}

/**
 * Pauses the agent's X calls after a usage-cap answer: retrying before the cap lifts only
 * repeats the refusal. Returns until when. /status shows it (reading-health.ts).
 */
export async function recordUsageCap(db: Db, err: XApiError, now: Date): Promise<Date> {
  const period = err.usageCap?.period ?? null;
  const until = usageCapLiftsAt(period, now);
  await setAgentState(db, 'x_usage_capped', {
    until: until.toISOString(),
    period,
    scope: err.usageCap?.scope ?? null,
    detail: err.detail,
    at: now.toISOString(),
  });
  return until;
}

/** The running usage-cap pause, or null. */
export async function usageCapPause(db: Db, now: Date) {
  const cap = await getAgentState(db, 'x_usage_capped');
  return cap && new Date(cap.until) > now ? cap : null;
}
