import type { Token } from '@/shared/tokens.ts';

/** Whose wallet a balance or address question is about. Handles are lowercase, without '@'. */
export type Target = { self: true } | { handle: string };

export type Recipient = { handle: string } | { address: string };

export type UnsupportedFeature = 'analysis' | 'promote' | 'video';

/** How a promotion was asked for: the line the agent writes is styled after it. */
export type PromoteStyle = 'promote' | 'quote' | 'comment';

/**
 * Why a post that looks like a command is refused. The agent explains each one:
 * - amount_not_positive: "send 0 UP", "send -5 UP".
 * - invalid_address: a recipient that looks like a DAG address but fails validation.
 * - grouped_amount: "send 1,000 UP": a comma may group thousands or mark decimals.
 * - amount_in_words ("send five UP"), too_many_decimals (more than 8), unsupported_token
 *   ("send 5 BTC", detail 'BTC'), recipient_needs_at ("to bob", detail 'bob').
 * - not_a_command: a send inside a question or a hedge ("could you send…?", "maybe send…").
 * - one_send_per_post: more amounts or recipients after the send ("… to @bob and @carol").
 * - plan_length: "subscribe premium for 24 months" (plans last 1 to 12 months).
 * - suspicious_characters: the amount, token or recipient contains characters that are not
 *   plain ASCII as typed (lookalike letters, other digit systems, invisible characters).
 */
export type InvalidReason =
  | 'amount_not_positive'
  | 'amount_in_words'
  | 'too_many_decimals'
  | 'unsupported_token'
  | 'recipient_needs_at'
  | 'not_a_command'
  | 'one_send_per_post'
  | 'plan_length'
  | 'grouped_amount'
  | 'invalid_address'
  | 'suspicious_characters'
  /** "analyze $PEPE": only UP, DAG and DOR are analysed (detail: the symbol). */
  | 'analysis_token';

/**
 * The corrected post to suggest, other accounts as "@…" (`handles`: who they are, in order);
 * `needsRecipient`: a send that names nobody to send to.
 */
export interface DidYouMean {
  text: string;
  handles: string[];
  needsRecipient: boolean;
}

export type Command =
  | { kind: 'balance'; target: Target }
  | { kind: 'address'; target: Target }
  | {
      kind: 'send';
      /** Base units (1 token = 1e8), or the whole balance of `token`. */
      amount: { units: bigint } | 'all';
      token: Token;
      to: Recipient;
    }
  | { kind: 'confirm' }
  /** Buy or extend a plan, paid in UP from the author's wallet at the current price. */
  | { kind: 'subscribe'; tier: 'pro' | 'premium'; months: number }
  /** Fingerprint the post this one replies to or quotes (never a post named in the text). */
  | { kind: 'fingerprint' }
  /** AI analysis of one of our tokens, from measured figures (runs as a background job). */
  | { kind: 'analyze'; token: Token }
  /** Promote, quote or comment on the post this one replies to or quotes (never one named in text). */
  | { kind: 'promote'; style: PromoteStyle }
  /** Render a promotion video of the post this one replies to or quotes (decision 0021). */
  | { kind: 'video' }
  | { kind: 'help' }
  | { kind: 'unsupported'; feature: UnsupportedFeature }
  /** `detail` is what the author wrote that was refused (a coin, a handle), for the reply. */
  | { kind: 'invalid'; reason: InvalidReason; detail?: string }
  /** `didYouMean`: a near-miss of a command, corrected for the author to post (near-miss.ts). */
  | { kind: 'unknown'; didYouMean?: DidYouMean };

export interface ParseContext {
  /** The agent's own X handle, without '@'. */
  agentHandle: string;
}
