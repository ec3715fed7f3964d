import { formatTokenAmount, formatTokenAmountExact } from '@/shared/units.ts';
import type { Recipient, Subject } from '../engine/outcome.ts';

/** Amounts as displayed everywhere (balances, prices, limits): two decimals (shared/units.ts). */
export const amt = (units: string, token: string) => `${formatTokenAmount(BigInt(units))} ${token}`;
/**
 * The money a send moves, exact as on its receipt (trailing zeros trimmed, at least 2 decimals,
 * up to 8): "fee 0.025 UP" and "network fee 0.002 UP", never a rounded figure that does not add up.
 */
export const moved = (units: string, token: string) =>
  `${formatTokenAmountExact(BigInt(units))} ${token}`;
/** A paid item's price, with the network fee its charge may pay on top when there is one (0050). */
export const cost = (price: string, networkFee = '0') =>
  BigInt(networkFee) > 0n
    ? `${amt(price, 'UP')} plus up to ${moved(networkFee, 'UP')} network fee`
    : amt(price, 'UP');
/** How to get UP for a refused paid command: the requester's own wallet (new ones too). */
export const addUpTo = (address: string | undefined) =>
  address ? ` Add UP to your wallet ${address} and ask again.` : '';
export const whom = (s: Subject) => ('self' in s ? 'Your' : `@${s.handle}'s`);
export const recipient = (r: Recipient) =>
  'handle' in r ? `@${r.handle}` : `${r.address.slice(0, 8)}…${r.address.slice(-6)}`;

/** What a reply is written with: the links it may carry and the clock it counts from. */
export interface ReplyContext {
  publicUrl: string;
  explorerTxUrl: string;
  /** The inbox id of the command: its receipt lives at /receipts/{receiptId}. */
  receiptId: string;
  /** The agent's clock when the reply is written (what "within N minutes" counts from). */
  now: Date;
}

/** The receipt as a link (replies that move money or carry a link anyway) or by number (0044). */
export const receiptLink = (ctx: ReplyContext) =>
  `Receipt: ${ctx.publicUrl}/receipts/${ctx.receiptId}`;
export const receiptRef = (ctx: ReplyContext) => `Receipt #${ctx.receiptId}`;
