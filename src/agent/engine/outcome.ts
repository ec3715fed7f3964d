import type { Token } from '@/shared/tokens.ts';
import type { DidYouMean } from '../commands/grammar/types.ts';

/** Who a command is about: the author, or another handle. */
export type Subject = { self: true } | { handle: string };
/** Where a send goes, as the author wrote it. */
export type Recipient = { handle: string } | { address: string };

/** Amounts are base-unit integers as decimal strings (outcomes are stored as JSON). */
export type Units = string;

export type RejectReason =
  /** `needed`: amount, fee and network fee; `address`: the sender's wallet, where UP is added. */
  | { code: 'insufficient_balance'; token: Token; balance: Units; needed: Units; address?: string }
  | { code: 'unknown_handle'; handle: string }
  /** X answers the handle as a suspended account: nobody to pay (decision 0048). */
  | { code: 'suspended_handle'; handle: string }
  | { code: 'invalid_address' }
  | { code: 'amount_not_positive' }
  | { code: 'self_send' }
  | { code: 'nothing_to_send'; token: Token }
  | { code: 'over_send_limit'; token: Token; limit: Units }
  | { code: 'over_daily_limit'; token: Token; limit: Units; left: Units }
  | { code: 'paused' }
  | { code: 'nothing_to_confirm' }
  | { code: 'transfer_failed'; message: string }
  | { code: 'no_fingerprint_target' }
  | { code: 'fingerprint_target_unavailable' }
  | { code: 'fingerprint_rejected'; message: string }
  /** `address`: the requester's wallet, where UP is added (a first-time account has one now). */
  | { code: 'fingerprint_unpaid'; message: string; address?: string }
  | { code: 'evidence_not_configured' }
  | { code: 'analysis_not_configured' }
  | { code: 'analysis_on_x_only' }
  /** Not enough UP to hold an analysis's price (nothing is asked of the model or charged). */
  | { code: 'analysis_unpaid'; price: Units; balance: Units; networkFee?: Units; address?: string }
  | { code: 'no_promotion_target' }
  | { code: 'promotion_limit'; limit: number; premium: boolean }
  | { code: 'promotion_target_limit' }
  /** "make a video of this" without a post to render (not a reply or quote). */
  | { code: 'no_video_target' }
  /** Not enough UP for the video's price (nothing is rendered or charged). */
  | { code: 'video_unpaid'; price: Units; balance: Units; networkFee?: Units; address?: string }
  | { code: 'video_not_available' }
  /** Stale or missing price, not enough UP, an expired quote: the service's own words. */
  | { code: 'subscription_refused'; refusal: string; message: string };

/** A plan as the agent sold or offered it; prices fixed by the quote. */
export interface PlanOffer {
  tier: 'pro' | 'premium';
  months: number;
  priceUp: Units;
  priceUsd: number;
  upUsd: number;
}

/** What the agent did with one command: the receipt's body and the reply's source. */
export type Outcome =
  | { kind: 'ignored'; reason: string }
  | {
      kind: 'balance';
      subject: Subject;
      address: string;
      balances: Record<Token, Units>;
      /** The asker's own UP held for paid work under way (not in `balances`); absent when none. */
      heldUp?: Units;
    }
  | { kind: 'address'; subject: Subject; address: string }
  | {
      kind: 'sent';
      token: Token;
      amount: Units;
      fee: Units;
      /** Paid to the network on top; absent in outcomes stored before it was recorded. */
      networkFee?: Units;
      to: Recipient;
      toAddress: string;
      newBalance: Units | null;
      transferId: string;
      txHashes: string[];
      /** The post whose command this executes (itself, or the previewed post for a confirm). */
      commandPostId: string;
      /**
       * The recipient never signed in: the money returns to the sender at this time (ISO) unless
       * they sign in first (decision 0048). Absent when they have.
       */
      returnsAt?: string;
    }
  | {
      kind: 'preview';
      token: Token;
      amount: Units | 'all';
      fee: Units | null;
      /** The most the network may take on top (its fee-less limit); absent when nothing. */
      networkFeeAtMost?: Units;
      to: Recipient;
      expiresAt: string;
    }
  | {
      kind: 'fingerprinted';
      tweetId: string;
      authorUsername: string;
      contentHash: string;
      fingerprintHash: string;
      /** The post was already in the archive: its record, nothing charged. */
      existing: boolean;
      /** Base units paid ('0' inside a free allowance or for an existing record). */
      paid: Units;
    }
  /**
   * A promotion video is queued (job `video:<post id>`); the agent's one reply is the video
   * itself, or a failure notice. `price` is what publishing will charge ('0': free allowance).
   */
  | { kind: 'video_queued'; targetId: string; price: Units }
  | ({ kind: 'subscription_preview'; expiresAt: string } & PlanOffer)
  | ({ kind: 'subscribed'; endDate: string; transferId: string } & PlanOffer)
  /** The analysis job is queued; it replies itself when the model has answered (or failed). */
  | { kind: 'analysis_queued'; token: Token }
  /** The promotion job reads the target and publishes (or refuses) on its own. */
  | { kind: 'promotion_queued'; style: 'promote' | 'quote' | 'comment'; targetId: string }
  | { kind: 'rejected'; reason: RejectReason }
  /** `didYouMean`: the corrected post for a near-miss command, quoted and never executed. */
  | {
      kind: 'help';
      feature?: string;
      invalid?: string;
      didYouMean?: DidYouMean;
    }
  /**
   * An edit (X: a new post id) of a command another version of the post acted on: not run
   * again (decision 0042). `acted` is what that version did (null while it is still being
   * handled); `answered` is true on the one edit per command that gets the reply saying so.
   */
  | { kind: 'edit_not_rerun'; actedPostId: string; acted: Outcome | null; answered: boolean }
  /** A version a newer version of the same post replaced before the agent acted: no reply. */
  | { kind: 'edit_superseded'; newerPostId: string };
