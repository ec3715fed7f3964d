import type { AnalysisRequest, AnalysisResult } from '../../core/analyses/index.ts';
import type { FingerprintResult } from '../../core/evidence/fingerprint-post.ts';
import type { Token } from '../../shared/tokens.ts';

export type FeeTier = 'free' | 'premium';

/** An X account as the agent knows it. */
export interface XAccount {
  xUserId: string;
  username: string;
}

export interface TransferRequest {
  fromXUserId: string;
  to: { xUserId: string } | { address: string };
  token: Token;
  amount: bigint | 'all';
  idempotencyKey: string;
  feeTier: FeeTier;
}

export interface TransferDone {
  transferId: string;
  amount: bigint;
  fee: bigint;
  /** Paid to the network on top (Constellation's fee-less rate limit); 0 when none was needed. */
  networkFee: bigint;
  toAddress: string;
  txHashes: string[];
  /** The sender's balance of the token once this transfer counts (null if unreadable). */
  balanceAfter: bigint | null;
  /**
   * When the money returns to the sender if the recipient (an X account that has never signed
   * in) does not sign in first; null when they already have (decision 0048).
   */
  returnsAt: Date | null;
}

/** A send's recipient as X knows them at send time, or why there is nobody to pay. */
export type RecipientLookup =
  | { account: XAccount }
  | { refused: 'unknown_handle' | 'suspended_handle' };

/**
 * A refusal the author can understand (not retried): the transfer service's typed errors,
 * mapped to the agent's reject codes.
 */
export class TransferRefused extends Error {
  constructor(
    readonly code:
      | 'insufficient_balance'
      | 'invalid_address'
      | 'amount_not_positive'
      | 'self_send'
      | 'other',
    message: string,
    readonly balance?: bigint,
    readonly needed?: bigint,
  ) {
    super(message);
    this.name = 'TransferRefused';
  }
}

/**
 * What the agent's engine needs from the wallet side of the product. Bound to the real
 * services in wallet-ports.ts; tests may bind fakes. Errors other than TransferRefused are
 * treated as temporary (the job is retried with backoff).
 */
export interface WalletPorts {
  /** The wallet of an X account, created (with its user row) the first time. */
  walletFor(account: XAccount): Promise<{ address: string }>;
  /** An X account by handle (X's /2/users/by/username); null: unknown or suspended. */
  resolveHandle(handle: string): Promise<XAccount | null>;
  /** A send's recipient: the X user id X returns for the handle now (decision 0048). */
  recipientFor(handle: string): Promise<RecipientLookup>;
  /** The author proved they hold their X account (a post the agent acts on): nothing held for them returns. */
  claimedBy(xUserId: string): Promise<void>;
  /**
   * The one-time step for legacy handle wallets (core/unclaimed, decision 0048): each bound to
   * the X id X returns for its handle now, or its money returned. How many were closed.
   */
  migrateHandleWallets(): Promise<number>;
  balances(address: string): Promise<Record<Token, bigint>>;
  /** UP kept aside for paid work under way (balance holds), not in `balances`. */
  heldUp(address: string): Promise<bigint>;
  feeTier(xUserId: string): Promise<FeeTier>;
  /** Idempotent per key: a repeat returns the first result and moves nothing more. */
  transfer(req: TransferRequest): Promise<TransferDone>;
  fee(amount: bigint, tier: FeeTier): bigint;
  maxSendable(available: bigint, tier: FeeTier): bigint;
  /** The most a send of `amount` may pay the network (its fee-less limit), before the plan. */
  networkFeeAtMost(available: bigint, amount: bigint, tier: FeeTier): bigint;
}

/** Digital evidence for the agent: fingerprintPost bound to the product (src/core/evidence). */
export interface EvidencePort {
  fingerprint(p: {
    requestPostId: string;
    requester: XAccount;
    targetId: string;
  }): Promise<FingerprintResult>;
}

export interface QuotedPlan {
  quoteId: string;
  tier: 'pro' | 'premium';
  months: number;
  priceUp: bigint;
  priceUsd: number;
  upUsd: number;
  expiresAt: Date;
}

export type PlanRefusal = { ok: false; code: string; message: string };

/**
 * Subscriptions for the agent: the same quote and purchase services the web uses
 * (src/core/subscriptions). `requestKey` makes one post's quote the same on every run.
 */
export interface SubscriptionPort {
  quote(p: {
    userId: string;
    tier: 'pro' | 'premium';
    months: number;
    requestKey: string;
  }): Promise<({ ok: true } & QuotedPlan) | PlanRefusal>;
  purchase(p: {
    userId: string;
    quoteId: string;
  }): Promise<{ ok: true; endDate: Date; transferId: string } | PlanRefusal>;
  /** Whether this user's replies jump the outbox queue (an active Premium plan, decision 0007). */
  repliesFirst(p: { userId: string }): Promise<boolean>;
}

/** AI token analysis bound to the product (src/core/analyses): LLM, market data, allowances. */
export interface AnalystPort {
  /**
   * Reserves the analysis asked for by this post before it is queued: a free daily use, or its
   * price held in the requester's wallet until `run` charges it or `release` gives it back.
   */
  reserve(p: { postId: string; userId: string }): Promise<
    | { ok: true }
    /** `networkFee`: what the charge may pay the network on top of the price (decision 0050). */
    | { ok: false; price: bigint; balance: bigint | null; networkFee?: bigint }
  >;
  run(req: AnalysisRequest): Promise<AnalysisResult>;
  /** The analysis will not be delivered: its reserved price or free use goes back. */
  release(p: { postId: string; reason?: string }): Promise<void>;
}
