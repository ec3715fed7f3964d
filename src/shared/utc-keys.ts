/**
 * The UTC calendar keys the product meters and ranks by: 'YYYY-MM-DD' (the allowance day, the
 * post-reward day) and 'YYYY-MM' (the reward month, the leaderboard's month).
 */
export const dayKey = (at: Date) => at.toISOString().slice(0, 10);

export const monthKey = (at: Date) => at.toISOString().slice(0, 7);
