/** Spec §9 fees and allowances, free tier against Premium, in the spec's order for the landing. */
export interface PlanComparisonRow {
  item: string;
  free: string;
  premium: string;
}

export const PLAN_COMPARISON: readonly PlanComparisonRow[] = [
  { item: 'Transfer fee', free: '0.5%', premium: '0%' },
  { item: 'Token analysis', free: '75 $UP', premium: '3 free per day, then 56 $UP (25% off)' },
  { item: 'Digital evidence', free: '30 $UP', premium: '5 free per day, then 23 $UP' },
  { item: 'Video generation', free: '250 $UP', premium: '1 free per day, then 188 $UP' },
];

/** Premium benefits beyond the table (spec §6, §9). */
export const PREMIUM_PERKS = [
  'Prioritized replies from the agent',
  'Eligible for leaderboard rewards',
  'Yearly plan at 50% off',
] as const;
