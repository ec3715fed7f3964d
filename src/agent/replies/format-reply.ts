import { sendFeesText, sendTotalText } from '../../shared/agent/send-fees.ts';
import { HASH_LABEL, shortHash } from '../../shared/evidence/hash-labels.ts';
import { formatLongDate } from '../../shared/format.ts';
import { formatTokenAmount, formatTokenAmountExact } from '../../shared/units.ts';
import type { Outcome, PlanOffer, Recipient, RejectReason, Subject } from '../engine/outcome.ts';
import { editReply } from './edit-reply.ts';
import { EXAMPLE_RECIPIENT } from './invalid-text.ts';
import { asSentence, paidText } from './paid-text.ts';

export interface ReplyContext {
  publicUrl: string;
  explorerTxUrl: string;
  /** The inbox id of the command: its receipt lives at /receipts/{receiptId}. */
  receiptId: string;
  /** The agent's clock when the reply is written (what "within N minutes" counts from). */
  now: Date;
}

/** Amounts as displayed everywhere (balances, prices, limits): two decimals (shared/units.ts). */
const amt = (units: string, token: string) => `${formatTokenAmount(BigInt(units))} ${token}`;
/**
 * The money a send moves, exact as on its receipt (trailing zeros trimmed, at least 2 decimals,
 * up to 8): "fee 0.025 UP" and "network fee 0.002 UP", never a rounded figure that does not add up.
 */
const moved = (units: string, token: string) => `${formatTokenAmountExact(BigInt(units))} ${token}`;
/** A paid item's price, with the network fee its charge may pay on top when there is one (0050). */
const cost = (price: string, networkFee = '0') =>
  BigInt(networkFee) > 0n
    ? `${amt(price, 'UP')} plus up to ${moved(networkFee, 'UP')} network fee`
    : amt(price, 'UP');
/** How to get UP for a refused paid command: the requester's own wallet (new ones too). */
const addUpTo = (address: string | undefined) =>
  address ? ` Add UP to your wallet ${address} and ask again.` : '';
/**
 * How to get the coin a send lacked: the wallet's address and the two ways money arrives (a
 * transfer from an exchange or wallet, or a tip from another user), short enough for X.
 */
const getTokens = (token: string, address: string | undefined) =>
  address
    ? ` To add ${token}, send it to your wallet ${address} from an exchange or another wallet, or ask a friend to tip you.`
    : '';
const whom = (s: Subject) => ('self' in s ? 'Your' : `@${s.handle}'s`);
const recipient = (r: Recipient) =>
  'handle' in r ? `@${r.handle}` : `${r.address.slice(0, 8)}…${r.address.slice(-6)}`;

const sentCost = (o: Extract<Outcome, { kind: 'sent' }>) => ({
  token: o.token,
  amount: BigInt(o.amount),
  fee: BigInt(o.fee),
  networkFee: BigInt(o.networkFee ?? 0),
});

/** "Dec 29" (UTC): a date within the year ahead. */
const shortDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

const planText = (o: PlanOffer) =>
  `${o.tier === 'pro' ? 'Pro' : 'Premium'} for ${o.months} month${o.months === 1 ? '' : 's'}`;
/** The UP amount as displayed (its receipt has the exact figure), the USD price and the UP price. */
const priceText = (o: PlanOffer) =>
  `${amt(o.priceUp, 'UP')} ($${o.priceUsd.toFixed(2)} at $${o.upUsd.toPrecision(4)}/UP)`;

export const helpText = (publicUrl: string) =>
  `Try "balance", "what's my address", "send 10 UP to ${EXAMPLE_RECIPIENT}", "analyze $UP", "subscribe premium monthly", or on a post "fingerprint this", "promote this". ${publicUrl}/how-it-works`;

export function rejection(r: RejectReason): string {
  switch (r.code) {
    case 'insufficient_balance':
      return `Not sent: your balance is ${amt(r.balance, r.token)}, and this needs ${moved(r.needed, r.token)} with the fees.${getTokens(r.token, r.address)}`;
    case 'unknown_handle':
      return `@${r.handle} is not an X account.`;
    case 'suspended_handle':
      return `Not sent: @${r.handle} is suspended on X, so nobody can receive it. Nothing moved.`;
    case 'nothing_to_send':
      return `Not sent: you have no ${r.token} to send.`;
    case 'invalid_address':
      return 'Not sent: that is not a valid DAG address.';
    case 'amount_not_positive':
      return 'Not sent: the amount must be more than 0.';
    case 'self_send':
      return 'Not sent: that is your own wallet.';
    case 'over_send_limit':
      return `Not sent: the limit is ${amt(r.limit, r.token)} per send.`;
    case 'over_daily_limit':
      return `Not sent: that passes your daily limit of ${amt(r.limit, r.token)} (${amt(r.left, r.token)} left today).`;
    case 'paused':
      return 'Sends are paused for maintenance right now. Nothing moved; please try again later.';
    case 'nothing_to_confirm':
      return 'Nothing to confirm: previews last 10 minutes. Send the command again.';
    case 'transfer_failed':
      return `Not sent: ${r.message}`;
    case 'no_fingerprint_target':
      return 'Nothing fingerprinted: reply to (or quote) the post you want preserved, with "fingerprint this".';
    case 'fingerprint_target_unavailable':
      return 'Nothing fingerprinted: that post is deleted, protected or not visible to me. Nothing was charged.';
    case 'fingerprint_rejected':
      return `Nothing fingerprinted: the evidence service refused it (${r.message}). Nothing was charged.`;
    case 'fingerprint_unpaid':
      return r.address
        ? `Nothing fingerprinted: ${asSentence(r.message)} Add UP to your wallet ${r.address} (30 UP a fingerprint; premium: 5 free a day).`
        : `Nothing fingerprinted: ${asSentence(r.message)} A fingerprint costs 30 UP (premium: 5 free a day).`;
    case 'evidence_not_configured':
      return 'Digital evidence is not available on this server yet.';
    case 'analysis_not_configured':
      return 'Token analysis is not available on this server (no AI model is configured).';
    case 'no_promotion_target':
      return 'Nothing promoted: reply to (or quote) the post you want promoted, with "promote this", "quote this" or "comment on this".';
    case 'promotion_limit':
      return `Nothing promoted: that is ${r.limit} promotions today, your daily limit${r.premium ? '' : ' (premium: more)'}.`;
    case 'promotion_target_limit':
      return 'Nothing promoted: that post was already promoted today.';
    case 'analysis_unpaid':
      return `No analysis made: an analysis costs ${cost(r.price, r.networkFee)} and your balance is ${amt(r.balance, 'UP')}. Nothing was charged.${addUpTo(r.address)}`;
    case 'analysis_on_x_only':
      return 'Token analysis answers posts on X: mention me there with "analyze $UP".';
    case 'subscription_refused':
      return `Not subscribed: ${r.message}`;
    case 'no_video_target':
      return 'No video made: reply to (or quote) the post you want promoted, with "make a video of this".';
    case 'video_unpaid':
      return `No video made: a video costs ${cost(r.price, r.networkFee)} and your balance is ${amt(r.balance, 'UP')}. Nothing was charged.${addUpTo(r.address)}`;
    case 'video_not_available':
      return 'Video promotion is not available on this server yet.';
  }
}

/**
 * The reply to a command: short and plain, ending with its receipt, which also makes every
 * reply's text unique (X refuses duplicate content). X may bill a post with a URL at 20 times a
 * summoned reply (decision 0044), so the receipt is a link only where the reply moves money, pays
 * for work or carries a link anyway (a transaction, a proof, the guide); answers that say all
 * there is (balance, address, a preview, a refusal) name the receipt by its number instead.
 * Returns null when the agent stays silent (ignored posts).
 */
export function formatReply(outcome: Outcome, ctx: ReplyContext): string | null {
  const receipt = `Receipt: ${ctx.publicUrl}/receipts/${ctx.receiptId}`;
  const receiptRef = `Receipt #${ctx.receiptId}`;
  switch (outcome.kind) {
    case 'ignored':
    // A version replaced by an edit before the agent acted: the newest version is answered.
    case 'edit_superseded':
    // The analysis job answers the post itself, once, when the model is done.
    case 'analysis_queued':
    case 'promotion_queued':
    // The video post is the reply (sent by the render job when the video is ready).
    case 'video_queued':
      return null;
    case 'balance': {
      const b = outcome.balances;
      const list = `${amt(b.UP, 'UP')} · ${amt(b.DAG, 'DAG')} · ${amt(b.DOR, 'DOR')}`;
      const held = outcome.heldUp
        ? ` ${amt(outcome.heldUp, 'UP')} more is held for paid work under way.`
        : '';
      return `${whom(outcome.subject)} balance: ${list}.${held} ${receiptRef}`;
    }
    case 'address':
      return `${whom(outcome.subject)} wallet address: ${outcome.address} ${receiptRef}`;
    case 'sent': {
      const fee = ` (${sendFeesText(sentCost(outcome))})`;
      const balance =
        outcome.newBalance === null
          ? ''
          : ` Your balance: ${amt(outcome.newBalance, outcome.token)}.`;
      const tx = outcome.txHashes[0] ? ` Tx: ${ctx.explorerTxUrl}${outcome.txHashes[0]}` : '';
      // Decision 0048: the sender learns from the start when unclaimed money comes back (short:
      // the receipt has the full date and the rule).
      const held = outcome.returnsAt
        ? ` Returns ${shortDate(outcome.returnsAt)} unless ${recipient(outcome.to)} signs in.`
        : '';
      return `Sent ${moved(outcome.amount, outcome.token)} to ${recipient(outcome.to)}${fee}.${held}${balance} ${receipt}${tx}`;
    }
    case 'preview': {
      if (outcome.amount === 'all') {
        // Stored before previews fixed the amount: no total to state.
        return `About to send all your ${outcome.token} to ${recipient(outcome.to)}. Reply "confirm" within 10 minutes to go ahead. ${receiptRef}`;
      }
      const costs = {
        token: outcome.token,
        amount: BigInt(outcome.amount),
        fee: BigInt(outcome.fee ?? 0),
        networkFee: BigInt(outcome.networkFeeAtMost ?? 0),
        networkFeeIsCeiling: true,
      };
      return `About to send ${moved(outcome.amount, outcome.token)} to ${recipient(outcome.to)} (${sendFeesText(costs)}): ${sendTotalText(costs)}. Reply "confirm" within 10 minutes to go ahead. ${receiptRef}`;
    }
    case 'fingerprinted': {
      const link = `${ctx.publicUrl}/digital-evidence/tweet/${outcome.tweetId}`;
      const who = outcome.authorUsername ? `@${outcome.authorUsername}'s post` : 'The post';
      const paid = outcome.existing
        ? ' Nothing was charged.'
        : ` ${paidText(BigInt(outcome.paid) > 0n ? { outcome: 'paid', price: BigInt(outcome.paid) } : { outcome: 'free' })}`;
      const lead = outcome.existing ? `${who} was already fingerprinted` : `Fingerprinted ${who}`;
      return `${lead}. ${HASH_LABEL.fingerprint} ${shortHash(outcome.fingerprintHash)}. Verify: ${link}${paid} ${receipt}`;
    }
    case 'subscription_preview': {
      const minutes = Math.max(
        1,
        Math.round((Date.parse(outcome.expiresAt) - ctx.now.getTime()) / 60_000),
      );
      const within = `${minutes} minute${minutes === 1 ? '' : 's'}`;
      return `${planText(outcome)} costs ${priceText(outcome)}. Reply "confirm" within ${within} to pay from your wallet. ${receiptRef}`;
    }
    case 'subscribed':
      return `You're on ${planText(outcome)} until ${formatLongDate(outcome.endDate, 'UTC')}. Paid ${priceText(outcome)}. ${receipt}`;
    case 'rejected':
      return `${rejection(outcome.reason)} ${receiptRef}`;
    // One reply per edited command; its other edits stay silent (decision 0042).
    case 'edit_not_rerun':
      return outcome.answered ? editReply(outcome, ctx.publicUrl) : null;
    case 'help': {
      if (outcome.didYouMean) {
        const { text, handles, needsRecipient } = outcome.didYouMean;
        const post = needsRecipient ? `${text} to ${EXAMPLE_RECIPIENT}` : text;
        const who = needsRecipient ? "the recipient's" : handles.map((h) => `${h}'s`).join(', ');
        // "(with its @)": the outbox drops '@' before a name on self-serve X (decision 0043).
        const fill = who ? `, putting ${who} handle (with its @) in place of @…` : '';
        return `Did you mean "${post}"? Post that${fill} and I will do it; I did nothing with this one. ${receiptRef}`;
      }
      // A refusal names its reason and the guide; the command list would not fit beside it.
      if (outcome.invalid)
        return `${outcome.invalid} Guide: ${ctx.publicUrl}/how-it-works ${receipt}`;
      const lead = outcome.feature ? `${outcome.feature} is not available yet. ` : '';
      return `${lead}${helpText(ctx.publicUrl)} ${receipt}`;
    }
  }
}
