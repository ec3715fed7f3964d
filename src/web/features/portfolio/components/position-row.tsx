import { ChevronDown, ExternalLink } from 'lucide-react';
import { useState } from 'react';
import type { Position } from '@/shared/portfolio';
import { cn } from '@/web/lib/cn';
import * as f from './portfolio-format';
import { PositionDetail } from './position-detail';

/** Spec §2 position row: collapsed summary; expanded, three cards and the AI analysis. */
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
  return (
    <li className="rounded-xl border border-slate-800 bg-slate-900/60">
      <div className="flex flex-col gap-2 p-4 md:grid md:grid-cols-[1fr_7rem_7rem_10rem_2rem] md:items-center md:gap-4">
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
            <span className="font-medium text-slate-100">
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
          <span className="text-slate-500 md:hidden">Entry </span>
          {f.cents(pos.avg_entry_price)}
        </p>
        <p className="text-sm text-slate-300">
          <span className="text-slate-500 md:hidden">Current </span>
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
      {open && <PositionDetail position={pos} marketUrl={marketUrl} freePreview={p.freePreview} />}
    </li>
  );
}

/** '1 buy', '0 sells', '3 sells'. */
function plural(n: number, noun: string) {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}
