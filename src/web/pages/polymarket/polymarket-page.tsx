import { Sparkles } from 'lucide-react';
import { usePortfolio, useValueHistory } from '@/web/features/polymarket/api/get-portfolio';
import { OpenOrders } from '@/web/features/polymarket/components/open-orders';
import { PositionRow } from '@/web/features/polymarket/components/position-row';
import {
  SummaryStrip,
  SummaryStripSkeleton,
} from '@/web/features/polymarket/components/summary-strip';
import { ValueChart } from '@/web/features/polymarket/components/value-chart';
import { dateTimeEnUs } from '@/web/lib/plain-format';

/** The page's heading and introduction: the same before, with and without the book. */
function PortfolioHeader({ children }: { children?: React.ReactNode }) {
  return (
    <header className="flex flex-col gap-1">
      <h1 className="text-3xl font-bold tracking-tight text-slate-50">Portfolio</h1>
      {/* Long enough to be the page's largest text at first paint (its LCP, not the banner). */}
      <p className="text-slate-400">
        Track your positions and open orders: every bet the prediction-market bot holds on
        Polymarket, what it paid, what it is worth now, and the reasoning behind it.
      </p>
      {children}
    </header>
  );
}

const PAGE = 'mx-auto flex max-w-6xl flex-col gap-6 px-4 py-12 sm:px-6';

/** /polymarket: the prediction-market bot's positions, orders and reasoning. */
export default function PolymarketPage() {
  const portfolio = usePortfolio();
  // Asked beside the book, not after it arrives (the chart's request waited for the book's).
  useValueHistory();
  if (portfolio.isLoading) {
    // Also the server's HTML (api/http/prerender.ts): the frame, heading and chart's room.
    return (
      <div className={PAGE}>
        <PortfolioHeader />
        <SummaryStripSkeleton />
        <ValueChart />
        <p className="text-slate-400">Loading portfolio...</p>
      </div>
    );
  }
  if (portfolio.isError || !portfolio.data) {
    return (
      <div className={PAGE}>
        <PortfolioHeader />
        <div role="alert">
          <p className="text-lg font-semibold text-red-400">Error loading portfolio</p>
          <p className="text-slate-400">{portfolio.error?.message || 'Unknown error'}</p>
        </div>
      </div>
    );
  }
  const data = portfolio.data;
  return (
    <div className={PAGE}>
      <PortfolioHeader>
        {data.notice && <p className="text-sm text-amber-300">{data.notice}</p>}
        {data.stale && data.updatedAt && (
          <p className="text-sm text-amber-300">
            Polymarket is not answering: showing the book as of{' '}
            {dateTimeEnUs(new Date(data.updatedAt))}.
          </p>
        )}
      </PortfolioHeader>
      <SummaryStrip summary={data.summary} />
      <ValueChart />
      <section aria-labelledby="positions-title" className="flex flex-col gap-3">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="positions-title" className="text-xl font-semibold text-slate-50">
            Positions
          </h2>
          <p className="text-sm text-slate-400">Showing positions with cost basis ≥ $1.00</p>
        </div>
        {!data.fullAccess && (
          <div className="flex gap-3 rounded-lg border border-brand/30 bg-brand/5 p-4 text-sm text-slate-300">
            <Sparkles className="size-5 shrink-0 text-brand" aria-hidden="true" />
            <div>
              <p className="font-semibold text-slate-100">AI Analysis Available</p>
              <p>
                The full AI reasoning behind every bet is for premium subscribers. Expand the first
                position to read its analysis free.
              </p>
            </div>
          </div>
        )}
        {data.positions.length === 0 ? (
          <p className="text-slate-400">No active positions</p>
        ) : (
          <>
            <div className="hidden grid-cols-[1fr_7rem_7rem_10rem_2rem] gap-4 px-4 text-xs font-medium uppercase tracking-wide text-slate-400 md:grid">
              <span>Market</span>
              <span>Avg Entry</span>
              <span>Current</span>
              <span>Value &amp; P/L</span>
            </div>
            <ul aria-label="Positions" className="flex flex-col gap-3">
              {data.positions.map((position, i) => (
                <PositionRow
                  key={position.asset_id}
                  position={position}
                  marketBaseUrl={data.marketBaseUrl}
                  freePreview={i === 0}
                />
              ))}
            </ul>
          </>
        )}
      </section>
      <OpenOrders orders={data.openOrders} />
    </div>
  );
}
