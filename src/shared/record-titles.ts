import type { Receipt } from './agent/contract.ts';
import { formatTokenAmountExact } from './units.ts';

/**
 * The titles of the shareable records, one rule for the server's HTML head (src/api/share, what
 * crawlers read) and the browser tab once the page has loaded the record (issue 43 §4).
 */
const BRAND = 'Upsider';

export const titled = (title: string | null) => (title ? `${title} — ${BRAND}` : BRAND);

const up = (units: string | null) => (units ? formatTokenAmountExact(BigInt(units)) : '…');
export const shortHash = (hash: string) =>
  hash.length > 20 ? `${hash.slice(0, 12)}…${hash.slice(-8)}` : hash;

/** "Sent 5.00 UP to @bob · confirmed", or the command and how it ended. */
export function receiptHeadline(r: Pick<Receipt, 'transfer' | 'outcome' | 'result' | 'text'>) {
  const t = r.transfer;
  return t && r.outcome?.kind === 'sent'
    ? `Sent ${up(t.amount)} ${t.token} to ${t.to?.handle ? `@${t.to.handle}` : shortHash(t.to?.address ?? '…')} · ${t.state}`
    : `${r.result === 'done' ? 'Done' : r.result[0]?.toUpperCase() + r.result.slice(1)}: “${r.text.slice(0, 60)}”`;
}

export const receiptTitle = (r: Parameters<typeof receiptHeadline>[0]) =>
  titled(`Receipt: ${receiptHeadline(r)}`);

export const evidenceBy = (authorUsername: string | null) =>
  authorUsername ? `@${authorUsername}'s post` : 'A post';

export const evidenceTitle = (authorUsername: string | null) =>
  titled(`Evidence: ${evidenceBy(authorUsername)} fingerprinted`);

export const analysisTitle = (token: string) => titled(`${token} analysis`);
