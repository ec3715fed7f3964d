import { utc } from '@date-fns/utc';
import { addDays } from 'date-fns/addDays';
import { addMonths } from 'date-fns/addMonths';
import { startOfDay } from 'date-fns/startOfDay';
import { startOfMonth } from 'date-fns/startOfMonth';
import type { Db } from '@/db/client.ts';
import type { XApiError } from '@/integrations/x/index.ts';
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

/** First wait after X refuses for want of credit, doubled after each refused probe. */
export const CREDITS_FIRST_PROBE_MS = 60_000;
export const CREDITS_MAX_PROBE_MS = 15 * 60_000;

/**
 * Pauses the agent's X calls after a usage-cap or no-credit answer: retrying before it lifts
 * only repeats the refusal. A usage cap lifts at a known time; credit comes back whenever
 * someone adds it (or auto-recharge runs), so the pause ends at the next probe: the X loops
 * call X again then, and a refusal sets a longer pause (1, 2, 4 … 15 minutes), a success
 * simply carries on. Returns until when. /status and /metrics show it.
 */
export async function recordUsageCap(db: Db, err: XApiError, now: Date): Promise<Date> {
  if (err.creditsDepleted) return recordNoCredit(db, err, now);
  const period = err.usageCap?.period ?? null;
  const until = usageCapLiftsAt(period, now);
  await setAgentState(db, 'x_usage_capped', {
    until: until.toISOString(),
    period,
    scope: err.usageCap?.scope ?? null,
    detail: err.detail,
    at: now.toISOString(),
    kind: 'usage_cap',
  });
  return until;
}

async function recordNoCredit(db: Db, err: XApiError, now: Date): Promise<Date> {
  const last = await getAgentState(db, 'x_usage_capped');
  // A refusal soon after the last probe continues the same outage; a later one starts anew.
  const ongoing =
    last?.kind === 'credits' &&
    now.getTime() - new Date(last.until).getTime() < CREDITS_MAX_PROBE_MS;
  // Another loop's refusal while the pause already holds: the same pause, not a longer one.
  if (ongoing && new Date(last.until) > now) return new Date(last.until);
  const probes = ongoing ? (last.probes ?? 0) + 1 : 0;
  const wait = Math.min(CREDITS_MAX_PROBE_MS, CREDITS_FIRST_PROBE_MS * 2 ** probes);
  const until = new Date(now.getTime() + wait);
  await setAgentState(db, 'x_usage_capped', {
    until: until.toISOString(),
    period: null,
    scope: null,
    detail: err.detail,
    at: ongoing ? last.at : now.toISOString(),
    kind: 'credits',
    probes,
  });
  return until;
}

/** The running usage-cap pause, or null. */
export async function usageCapPause(db: Db, now: Date) {
  const cap = await getAgentState(db, 'x_usage_capped');
  return cap && new Date(cap.until) > now ? cap : null;
}
