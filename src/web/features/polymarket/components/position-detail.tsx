import { Check, Copy } from 'lucide-react';
import type { ReactNode } from 'react';
import type { Position } from '@/shared/portfolio';
import { cn } from '@/web/lib/cn';
import { useCopyToClipboard } from '@/web/lib/use-copy-to-clipboard';
import { AnalysisBlock, showsAnalysis } from './analysis-block';
import { LockedAnalysisBlock } from './locked-analysis';
import * as f from './portfolio-format';

function Card({ title, rows }: { title: string; rows: [string, ReactNode, string?][] }) {
  return (
    <div className="min-w-0 rounded-lg border border-slate-800 bg-slate-900 p-4">
      <h3 className="mb-2 text-sm font-semibold text-slate-200">{title}</h3>
      <dl className="flex flex-col gap-1 text-sm">
        {rows.map(([label, value, tone]) => (
          <div key={label} className="flex justify-between gap-3">
            <dt className="text-slate-400">{label}</dt>
            {/* cn only joins: the gain colour replaces the plain one, never competes with it. */}
            <dd
              className={cn(
                'min-w-0 wrap-anywhere text-right tabular-nums',
                tone ?? 'text-slate-100',
              )}
            >
              {value}
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

/** The token id cut to 10 characters; the whole id in its title and on the clipboard. */
function TokenId({ id }: { id: string }) {
  const { copied, copy } = useCopyToClipboard();
  const Icon = copied ? Check : Copy;
  return (
    <span className="inline-flex items-center gap-1" title={id}>
      {f.shortTokenId(id)}
      <button
        type="button"
        aria-label={copied ? 'Token id copied' : 'Copy the token id'}
        onClick={() => void copy(id)}
        className={cn(
          'rounded p-0.5 hover:text-brand',
          copied ? 'text-emerald-400' : 'text-slate-400',
        )}
      >
        <Icon className="size-3.5" aria-hidden="true" />
      </button>
    </span>
  );
}

/**
 * The expanded row: the three cards, (on the first position, for every visitor, subscribers
 * too: it is the one anyone reads free, issue 43 §5) the free-preview label, the AI analysis (in full, or locked for non-subscribers)
 * and the link to the exchange. A position without analysis says so: the analyst writes only for
 * markets still trading (decision 0016), so settled and unpriced positions often have none.
 */
export default function PositionDetail(p: {
  position: Position;
  marketUrl: string | null;
  freePreview: boolean;
}) {
  const pos = p.position;
  const analysis = pos.ai_analysis;
  const gain = f.gainClass(pos.unrealized_pnl);
  return (
    <div className="flex min-w-0 flex-col gap-4 border-t border-slate-800 p-4">
      {p.freePreview && analysis && !('locked' in analysis) && showsAnalysis(analysis) && (
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
            ['Current price', pos.current_price === null ? 'N/A' : f.cents(pos.current_price, 2)],
            ['Current value', f.usd(pos.current_value)],
            ['Token id', <TokenId key="id" id={pos.asset_id} />],
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
      {!analysis ? (
        <div className="rounded-lg border border-slate-800 p-4 text-sm text-slate-400">
          <p className="font-semibold text-slate-300">No AI analysis for this position</p>
          <p>
            The analyst writes one for each market that is still trading; settled and unpriced
            markets get none unless the bot wrote its own.
          </p>
        </div>
      ) : 'locked' in analysis ? (
        <LockedAnalysisBlock analysis={analysis} currentPrice={pos.current_price} />
      ) : (
        <AnalysisBlock analysis={analysis} currentPrice={pos.current_price} />
      )}
      {p.marketUrl && (
        <a
          href={p.marketUrl}
          target="_blank"
          rel="noreferrer"
          className="self-start text-sm text-brand underline"
        >
          View on the exchange
        </a>
      )}
    </div>
  );
}
