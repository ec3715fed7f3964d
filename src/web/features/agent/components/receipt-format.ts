import { formatTokenAmountExact } from '@/shared/units';
import type { Receipt } from '@/web/features/agent/api/agent-api';
import { dateTimeWithZone } from '@/web/lib/date-time-with-zone';

export const exact = (units: string) => formatTokenAmountExact(BigInt(units));

/** A receipt's (and the status page's) moment, to the second, with its zone. */
export const when = (iso: string) => dateTimeWithZone(iso, { seconds: true });

/** A hash as a receipt shows it: its first and last characters, the whole one a copy away. */
export const shortHash = (hash: string) =>
  hash.length > 16 ? `${hash.slice(0, 8)}…${hash.slice(-6)}` : hash;

/**
 * What the paid work cost: exact (money confirmed), or the premium allowance use. Worded apart
 * from the reply's "Free (premium allowance).", which the page shows as the reply: the same
 * sentence twice read as two charges (issue 43 §2).
 */
export function chargeText(c: NonNullable<Receipt['charge']>): string {
  if (c.state === 'free') return "One use of today's premium allowance: no UP charged.";
  if (c.state === 'paid') return `Paid ${exact(c.price)} UP.`;
  if (c.state === 'held' || c.state === 'paying')
    return `${exact(c.price)} UP held until it is delivered.`;
  return 'Nothing was charged.';
}

/** A send to someone who never signed in: where the money waits, and when it comes back (0048). */
export function unclaimedText(u: NonNullable<Receipt['unclaimed']>): string {
  const who = u.recipient ? `@${u.recipient}` : 'The recipient';
  if (u.state === 'held')
    return `${who} has not signed in to Upsider yet. The money waits for them; if they have not signed in by ${when(u.returnAfter)}, it returns to the sender in full.`;
  if (u.state === 'claimed') return `${who} signed in and received it.`;
  if (u.state === 'returning') return `${who} did not sign in in time: returning it to the sender.`;
  if (u.state === 'returned')
    return `${who} did not sign in in time: returned to the sender in full${u.settledAt ? ` on ${when(u.settledAt)}` : ''}.`;
  return `${who} did not sign in in time, and the return to the sender failed${u.error ? `: ${u.error}` : ''}.`;
}

/** The command kind in words, for the receipt's heading and its share text. */
export function commandLabel(r: Receipt): string {
  const kind = r.outcome?.kind ?? '';
  if (kind.startsWith('subscri')) return 'Subscription';
  if (r.transfer) return 'Send';
  if (r.video || kind === 'video_queued') return 'Promotion video';
  if (r.charge?.item === 'digital_evidence' || kind === 'fingerprinted') return 'Fingerprint';
  if (r.charge?.item === 'token_analysis' || kind === 'analysis_queued') return 'Analysis';
  return 'Command';
}
