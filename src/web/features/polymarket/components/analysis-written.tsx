import { shortDateTimeEnUs } from '@/web/lib/plain-format';
import { cents } from './portfolio-format';

/**
 * When the analysis was written and at which price, beside the price now: its figures (edge,
 * estimate) were reasoned at that price, so a live row that moved since never seems to
 * contradict them (issue 43 §5). Shown in the visitor's clock, as the page's other times.
 */
export function AnalysisWritten(p: {
  writtenAt: string | undefined;
  priceAtWriting: number | null | undefined;
  currentPrice: number | null;
}) {
  if (!p.writtenAt) return null;
  const at = shortDateTimeEnUs(new Date(p.writtenAt));
  const year = new Date(p.writtenAt).getFullYear();
  const then = typeof p.priceAtWriting === 'number' ? cents(p.priceAtWriting) : null;
  const now = p.currentPrice === null ? null : cents(p.currentPrice);
  return (
    <p className="text-xs text-slate-300" data-testid="analysis-written">
      Written {at}, {year}
      {then ? `, when the price was ${then}` : ''}
      {now ? ` (now ${now})` : ''}.
    </p>
  );
}
