import { ChevronDown, ExternalLink } from 'lucide-react';
import { useState } from 'react';
import type { Position } from '@/shared/portfolio';
import { cn } from '@/web/lib/cn';
import { AnalysisBlock } from './analysis-block';
import { LockedAnalysisBlock } from './locked-analysis';
import * as f from './portfolio-format';

function Card({ title, rows }: { title: string; rows: [string, string, string?][] }) {
  return (
    <div className="rounded-lg border border-slate-800 bg-slate-900 p-4">
      <h4 className="mb-2 text-sm font-semibold text-slate-200">{title}</h4>
      <dl className="flex flex-col gap-1 text-sm">
        {rows.map(([label, value, tone]) => (
          <div key={label} className="flex justify-between gap-3">
            <dt className="text-slate-400">{label}</dt>
            <dd className={cn('text-slate-100 tabular-nums', tone)}>{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

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
  const analysis = pos.ai_analysis;
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
              · {pos.trade_count.buys} buys · {pos.trade_count.sells} sells
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
      {open && (
        <div className="flex flex-col gap-4 border-t border-slate-800 p-4">
          {p.freePreview && analysis && !('locked' in analysis) && (
            <p className="self-start rounded-full bg-brand/15 px-3 py-1 text-xs font-semibold text-brand">
              Free Preview - Full AI Analysis
            </p>
          )}
          <div className="grid gap-3 md:grid-cols-3">
            <Card
              title="Position Details"
              rows={[
                ['Balance', f.shares(pos.balance, 2)],
                ['Cost basis', f.usd(pos.cost_basis)],
                ['Avg entry', f.cents(pos.avg_entry_price, 2)],
              ]}
            />
            <Card
              title="Market Info"
              rows={[
                [
                  'Current price',
                  pos.current_price === null ? 'N/A' : f.cents(pos.current_price, 2),
                ],
                ['Current value', f.usd(pos.current_value)],
                ['Token id', f.shortTokenId(pos.asset_id)],
              ]}
            />
            <Card
              title="Performance"
              rows={[
                ['Unrealized P&L', f.signedUsd(pos.unrealized_pnl), gain],
                ['P&L %', f.signedPercent(pos.pnl_percent, 2), gain],
              ]}
            />
          </div>
          {analysis &&
            ('locked' in analysis ? (
              <LockedAnalysisBlock analysis={analysis} />
            ) : (
              <AnalysisBlock analysis={analysis} marketUrl={marketUrl} />
            ))}
        </div>
      )}
    </li>
  );
}
