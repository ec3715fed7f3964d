import { weightedLength } from '@/shared/x-text.ts';

/**
 * A digest's words: why it comes late and every folded receipt, money first. When the links do
 * not all fit X's 280 characters the last ones give way to a count and the dashboard, where the
 * author's activity lists every command; each receipt page still names this digest.
 */
export function digestText(receipts: { postId: string; money: boolean }[], publicUrl: string) {
  const n = receipts.length;
  const head =
    n === 1
      ? 'Sorry for the wait: X limits how fast we may reply. Your answer is on its receipt:'
      : `Sorry for the wait: X limits how fast we may reply, so here are your ${n} answers in one. Receipts:`;
  const links = receipts.map((r) => `${publicUrl}/receipts/${r.postId}`);
  for (let shown = links.length; shown > 0; shown--) {
    const rest = n - shown;
    const more = rest > 0 ? ` +${rest} more: ${publicUrl}/dashboard` : '';
    const text = `${head} ${links.slice(0, shown).join(' ')}${more}`;
    if (weightedLength(text) <= 280) return text;
  }
  return `${head.replace(/ (Receipts|Your answer is on its receipt):$/, '')} All ${n} receipts: ${publicUrl}/dashboard`;
}
