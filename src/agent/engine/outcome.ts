import type { Token } from '../../shared/tokens.ts';

/** Who a command is about: the author, or another handle. */
export type Subject = { self: true } | { handle: string };
/** Where a send goes, as the author wrote it. */
export type Recipient = { handle: string } | { address: string };

/** Amounts are base-unit integers as decimal strings (outcomes are stored as JSON). */
export type Units = string;

export type RejectReason =
  | { code: 'insufficient_balance'; token: Token; balance: Units; needed: Units }
  | { code: 'unknown_handle'; handle: string }
  | { code: 'invalid_address' }
  | { code: 'amount_not_positive' }
  | { code: 'self_send' }
  | { code: 'nothing_to_send'; token: Token }
  | { code: 'over_send_limit'; token: Token; limit: Units }
  | { code: 'over_daily_limit'; token: Token; limit: Units; left: Units }
  | { code: 'paused' }
  | { code: 'nothing_to_confirm' }
  | { code: 'transfer_failed'; message: string };

/** What the agent did with one command: the receipt's body and the reply's source. */
export type Outcome =
  | { kind: 'ignored'; reason: string }
  | { kind: 'balance'; subject: Subject; address: string; balances: Record<Token, Units> }
  | { kind: 'address'; subject: Subject; address: string }
  | {
      kind: 'sent';
      token: Token;
      amount: Units;
      fee: Units;
      to: Recipient;
      toAddress: string;
      newBalance: Units | null;
      transferId: string;
      txHashes: string[];
      /** The post whose command this executes (itself, or the previewed post for a confirm). */
      commandPostId: string;
    }
  | {
      kind: 'preview';
      token: Token;
      amount: Units | 'all';
      fee: Units | null;
      to: Recipient;
      expiresAt: string;
    }
  | { kind: 'rejected'; reason: RejectReason }
  | { kind: 'help'; feature?: string; invalid?: string };
