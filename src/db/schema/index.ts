// Every table of the product. drizzle-kit reads this file to generate migrations.

export * from './agent.ts';
export * from './allowances.ts';
export * from './analyses.ts';
export * from './analytics.ts';
export * from './evidence.ts';
export * from './external.ts';
export * from './holders.ts';
export * from './holds.ts';
export * from './jobs.ts';
export * from './oauth.ts';
export * from './portfolio.ts';
export * from './post-rewards.ts';
export * from './promotions.ts';
export * from './rate-limits.ts';
export * from './rewards.ts';
export * from './sessions.ts';
export * from './subscriptions.ts';
export * from './transfers.ts';
export * from './unclaimed-sends.ts';
export * from './users.ts';
export * from './videos.ts';
export * from './wallet-sweeps.ts';
export * from './wallets.ts';
export * from './x-spend.ts';
