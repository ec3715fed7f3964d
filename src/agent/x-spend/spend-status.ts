import type { Db } from '@/db/client.ts';
import { formatMicroUsd } from '@/integrations/x/index.ts';
import { dayKey } from '@/shared/utc-keys.ts';
import { getAgentState } from '../state.ts';
import { xSpendOfDay } from './meter.ts';

/** The /status line on X spend: today's total, the budget and, once reached, until when. */
export async function xSpendLine(db: Db, now: Date, budgetMicroUsd: bigint | null) {
  const [today, reached] = await Promise.all([
    xSpendOfDay(db, dayKey(now)),
    getAgentState(db, 'x_budget_reached'),
  ]);
  const holds = reached && new Date(reached.until) > now;
  return {
    todayUsd: formatMicroUsd(today.totalMicroUsd),
    budgetUsd: budgetMicroUsd === null ? null : formatMicroUsd(budgetMicroUsd),
    budgetReachedUntil: holds ? reached.until : null,
  };
}
