/** Premium benefits beyond the table. */
export const PREMIUM_PERKS = [
  'Prioritized replies from the agent',
  'Eligible for leaderboard rewards',
  'Yearly plan at 50% off',
] as const;
