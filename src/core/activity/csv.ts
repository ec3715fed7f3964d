import type { Db } from '@/db/client.ts';
import type { ActivityItem } from '@/shared/activity/contract.ts';
import { type ActivityParams, listActivity } from './list-activity.ts';

const HEADER = [
  'time_utc',
  'kind',
  'status',
  'token',
  'amount',
  'fee',
  'network_fee',
  'counterparty_handle',
  'counterparty_product_wallet',
  'counterparty_address',
  'description',
  'receipt',
  'explorer',
];

const NUMBER = /^-?\d+(\.\d+)?$/;

/**
 * One CSV field, quoted. A text that a spreadsheet would run as a formula (starting with = + - @
 * tab or carriage return: OWASP "CSV Injection") gets a leading apostrophe; an exact decimal
 * amount such as "-5.005" stays a number, which no spreadsheet evaluates.
 */
export function csvField(value: string | null): string {
  const text = value ?? '';
  const safe = !NUMBER.test(text) && /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return `"${safe.replaceAll('"', '""')}"`;
}

const line = (fields: (string | null)[]) => `${fields.map(csvField).join(',')}\r\n`;

function row(i: ActivityItem, publicUrl: string): string {
  return line([
    i.at,
    i.kind,
    i.status,
    i.token,
    i.amount,
    i.fee,
    i.networkFee,
    // The handle without its '@': a leading '@' is what the formula guard defuses.
    i.counterparty.handle,
    i.counterparty.productWallet,
    i.counterparty.address,
    i.description,
    i.receiptPostId ? `${publicUrl}/receipts/${i.receiptPostId}` : null,
    i.explorerUrl,
  ]);
}

/**
 * The whole history as CSV lines (RFC 4180, CRLF), newest first, read a keyset page at a time
 * so a wallet of any size streams in constant memory.
 */
export async function* activityCsv(
  db: Db,
  p: Omit<ActivityParams, 'cursor' | 'limit' | 'walletId'> & {
    walletId: string | null;
    publicUrl: string;
  },
): AsyncGenerator<string> {
  yield line(HEADER);
  const walletId = p.walletId;
  if (!walletId) return;
  let cursor: ActivityParams['cursor'];
  for (;;) {
    const page = await listActivity(db, { ...p, walletId, cursor, limit: 500 });
    yield page.items.map((i) => row(i, p.publicUrl)).join('');
    if (!page.next) return;
    cursor = page.next;
  }
}
