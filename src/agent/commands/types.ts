import type { Token } from '../../shared/tokens.ts';

/** Whose wallet a balance or address question is about. Handles are lowercase, without '@'. */
export type Target = { self: true } | { handle: string };

export type Recipient = { handle: string } | { address: string };

export type UnsupportedFeature = 'analysis' | 'promote' | 'video';

/**
 * Why a post that looks like a command is refused. The agent explains each one:
 * - amount_not_positive: "send 0 UP", "send -5 UP".
 * - invalid_address: a recipient that looks like a DAG address but fails validation.
 * - grouped_amount: "send 1,000 UP": a comma may group thousands or mark decimals.
 * - suspicious_characters: the amount, token or recipient contains characters that are not
 *   plain ASCII as typed (lookalike letters, other digit systems, invisible characters).
 */
export type InvalidReason =
  | 'amount_not_positive'
  | 'grouped_amount'
  | 'invalid_address'
  | 'suspicious_characters';

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
  /** Fingerprint the post this one replies to or quotes (never a post named in the text). */
  | { kind: 'fingerprint' }
  | { kind: 'help' }
  | { kind: 'unsupported'; feature: UnsupportedFeature }
  | { kind: 'invalid'; reason: InvalidReason }
  | { kind: 'unknown' };

export interface ParseContext {
  /** The agent's own X handle, without '@'. */
  agentHandle: string;
}
