/** Premium benefits beyond the table (spec §6, §9). */
export const PREMIUM_PERKS = [
  'Prioritized replies from the agent',
  'Eligible for leaderboard rewards',
  'Yearly plan at 50% off',
] as const;
