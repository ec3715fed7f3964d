import { ChevronDown, ExternalLink } from 'lucide-react';
import { lazy, type MouseEvent, Suspense, useState } from 'react';
import type { Position } from '@/shared/portfolio';
import { cn } from '@/web/lib/cn';
import * as f from './portfolio-format';

/** The detail (and with it the markdown renderer) loads when a row is first opened. */
const PositionDetail = lazy(() => import('./position-detail'));

/**
 * Each position is an expandable row: a click anywhere on the summary opens or closes
 * it, except on its outside link or while selecting text; the chevron is the same control for the
 * keyboard and screen readers (a real button with aria-expanded).
 */
export function PositionRow(p: {
  position: Position;
  marketBaseUrl: string;
  freePreview: boolean;
}) {
  const [open, setOpen] = useState(false);
  const pos = p.position;
  const yes = pos.outcome.toLowerCase() === 'yes';
  const marketUrl = pos.market_slug
    ? `${p.marketBaseUrl}${encodeURIComponent(pos.market_slug)}`
    : null;
  const gain = f.gainClass(pos.unrealized_pnl);
  const onRowClick = (e: MouseEvent<HTMLDivElement>) => {
    if ((e.target as Element).closest('a, button')) return;
    if (window.getSelection()?.toString()) return;
    setOpen(!open);
  };
  return (
    <li className="min-w-0 rounded-xl border border-slate-800 bg-slate-900/60">
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: the chevron button is the keyboard path; this is a larger mouse/touch target for the same action */}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: as above */}
      <div
        onClick={onRowClick}
        data-testid="position-summary"
        className="flex cursor-pointer flex-col gap-2 rounded-xl p-4 hover:bg-slate-800/30 md:grid md:grid-cols-[1fr_7rem_7rem_10rem_2rem] md:items-center md:gap-4"
      >
        <div className="flex min-w-0 flex-col gap-1">
          <div className="flex items-start gap-2">
            <span
              className={cn(
                'shrink-0 rounded px-1.5 py-0.5 text-xs font-bold',
                yes ? 'bg-emerald-500/15 text-emerald-300' : 'bg-red-500/15 text-red-300',
              )}
            >
              {yes ? 'YES' : 'NO'}
            </span>
            <span className="min-w-0 wrap-anywhere font-medium text-slate-100">
              {pos.market_question ?? 'Unknown Market'}
            </span>
            {marketUrl && (
              <a
                href={marketUrl}
                target="_blank"
                rel="noreferrer"
                aria-label="Open the market on the exchange"
                className="shrink-0 text-slate-400 hover:text-brand"
              >
                <ExternalLink className="size-4" aria-hidden="true" />
              </a>
            )}
          </div>
          <p className="text-xs text-slate-400">
            {pos.outcome} · {f.shares(pos.balance)} shares
            <span className="hidden md:inline">
              {' '}
              · {plural(pos.trade_count.buys, 'buy')} · {plural(pos.trade_count.sells, 'sell')}
            </span>
          </p>
        </div>
        <p className="text-sm text-slate-300">
          <span className="text-slate-400 md:hidden">Entry </span>
          {f.cents(pos.avg_entry_price)}
        </p>
        <p className="text-sm text-slate-300">
          <span className="text-slate-400 md:hidden">Current </span>
          {f.centsOrDash(pos.current_price)}
        </p>
        <div className="text-sm">
          <p className="text-slate-100">{f.usd(pos.current_value)}</p>
          <p className={gain}>
            {f.signedUsd(pos.unrealized_pnl)} ({f.signedPercent(pos.pnl_percent)})
          </p>
        </div>
        <button
          type="button"
          aria-expanded={open}
          aria-label={open ? 'Collapse position' : 'Expand position'}
          onClick={() => setOpen(!open)}
          className="self-end rounded p-1 text-slate-400 hover:text-slate-100 md:self-center"
        >
          <ChevronDown
            className={cn('size-5 transition-transform', open && 'rotate-180')}
            aria-hidden="true"
          />
        </button>
      </div>
      {open && (
        <Suspense
          fallback={
            <p className="border-t border-slate-800 p-4 text-sm text-slate-400">Loading…</p>
          }
        >
          <PositionDetail position={pos} marketUrl={marketUrl} freePreview={p.freePreview} />
        </Suspense>
      )}
    </li>
  );
}

/** '1 buy', '0 sells', '3 sells'. */
function plural(n: number, noun: string) {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}
