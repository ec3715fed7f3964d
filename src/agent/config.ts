import type { Token } from '@/shared/tokens.ts';
import type { PostingLimits } from './outbox/pacing.ts';

export interface TokenLimits {
  perSend: bigint;
  perDay: bigint;
  /** A send above this is previewed first and moves on 'confirm'. */
  confirmAbove: bigint;
}

/**
 * The agent's own settings, typed. Parsed from the environment in src/main/config-agent.ts
 * (configuration is read only in main/); the agent never reads process.env.
 */
export interface AgentConfig {
  /** Refuse every money movement (the DB flag from `npm run agent:pause` also pauses). */
  paused: boolean;
  /** Run the agent's loops inside `npm start`; off when `npm run agent` runs them. */
  inProcess: boolean;
  /** Shortest time between mentions reads. */
  pollIntervalMs: number;
  /** How long a claimed job stays reserved for its worker before another may take it over. */
  leaseMs: number;
  /** Authors whose commands one worker runs side by side (decision 0074). */
  jobLanes: number;
  /** X's posting limits as the agent keeps them, with its daily X budget. */
  postingLimits: PostingLimits & { dailyBudgetMicroUsd: bigint | null };
  /** On the first read after connecting, only mentions this recent are acted on. */
  firstReadWindowMs: number;
  /** A promotion video render running longer is stopped and the requester told. */
  videoRenderLimitMs: number;
  /** Explorer page of a transaction; the hash is appended. */
  explorerTxUrl: string;
  limits: Record<Token, TokenLimits>;
  /** Tries of the model per analysis before the author is told it is unavailable. */
  analysisAttempts: number;
  promotions: { perDay: number; perDayPremium: number; perTarget: number };
  /** A preview waits this long for 'confirm'. */
  confirmTtlMs: number;
}
