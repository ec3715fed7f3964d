import type { PortfolioSummary } from '@/shared/portfolio';
import { cn } from '@/web/lib/cn';
import { gainClass, signedPercent, signedUsd, usd } from './portfolio-format';

/** `wraps`: the value may take two lines on a phone (the P&L with its percent), reserved always. */
type Tile = { label: string; value: string; tone?: string; note?: string; wraps?: boolean };

/** Total Invested, Current Value, Total P&L with percent, Positions with open orders. */
export function SummaryStrip({ summary }: { summary: PortfolioSummary }) {
  return (
    <Tiles
      tiles={[
        { label: 'Total Invested', value: usd(summary.totalInvested) },
        { label: 'Current Value', value: usd(summary.currentValue) },
        {
          label: 'Total P&L',
          value: `${signedUsd(summary.totalPnl)} (${signedPercent(summary.totalPnlPercent, 2)})`,
          tone: gainClass(summary.totalPnl),
          wraps: true,
        },
        {
          label: 'Positions',
          value: String(summary.totalPositions),
          note: `${summary.openOrders} open ${summary.openOrders === 1 ? 'order' : 'orders'}`,
        },
      ]}
    />
  );
}

/** The strip before the book arrives: the same tiles and lines, values blank (no shift). */
export function SummaryStripSkeleton() {
  const blank = '\u00a0';
  return (
    <Tiles
      busy
      tiles={[
        { label: 'Total Invested', value: blank },
        { label: 'Current Value', value: blank },
        { label: 'Total P&L', value: blank, wraps: true },
        { label: 'Positions', value: blank, note: blank },
      ]}
    />
  );
}

function Tiles({ tiles, busy }: { tiles: Tile[]; busy?: boolean }) {
  return (
    <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4" aria-busy={busy || undefined}>
      {tiles.map((t) => (
        <div key={t.label} className="rounded-xl border border-slate-800 bg-slate-900/60 p-4">
          <dt className="text-sm text-slate-400">{t.label}</dt>
          {/* The P&L wrapped on a phone when the book arrived: the strip grew 12 px (CLS). */}
          <dd
            className={cn(
              'mt-1 text-xl font-semibold tabular-nums',
              t.wraps && 'min-h-14 lg:min-h-0',
              t.tone ?? 'text-slate-50',
            )}
          >
            {t.value}
          </dd>
          {t.note && <dd className="text-xs text-slate-400">{t.note}</dd>}
        </div>
      ))}
    </dl>
  );
}
