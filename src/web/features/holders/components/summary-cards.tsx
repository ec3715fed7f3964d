import { TOTAL_BURNED_UP, TOTAL_SUPPLY_UP } from '@/shared/holders/constants';
import { circulationOf, formatUp } from '@/shared/holders/display';
import type { WalletList } from '@/shared/holders/wallet-list';
import { Card } from '@/web/components/ui/card';
import { cn } from '@/web/lib/cn';
import { useMainWalletBalance } from '../api/get-main-wallet-balance';
import { useWalletList } from '../api/get-wallet-list';

const whole = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
/** What the wallet section says when its list cannot be loaded. */
export const WALLET_LIST_ERROR = 'Unable to load wallet data';

/** A wallet list as the cards read it: its figures, or that loading it failed. */
interface ListState {
  data?: WalletList;
  isError: boolean;
}

/** The five summary cards above the leaderboard. */
export function SummaryCards() {
  const dag = useWalletList('constellation');
  const base = useWalletList('base');
  const main = useMainWalletBalance();
  return <SummaryCardList dag={dag} base={base} mainBalance={main.data} />;
}

/**
 * The cards from the two lists. A list that failed with nothing to show says so instead of
 * loading dots that never end (a failed poll keeps the last figures: React Query keeps `data`).
 */
export function SummaryCardList({
  dag,
  base,
  mainBalance,
}: {
  dag: ListState;
  base: ListState;
  mainBalance?: number;
}) {
  const failed = (l: ListState) => !l.data && l.isError;
  const figure = (l: ListState, show: (list: WalletList) => string): Figure =>
    l.data ? { value: show(l.data) } : { value: '...', failed: failed(l) };
  const totalWallets: Figure =
    dag.data && base.data
      ? { value: whole.format(dag.data.walletCount + base.data.walletCount) }
      : { value: '...', failed: failed(dag) || failed(base) };
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5" data-testid="overview-cards">
      <Summary title="Total Supply" value={whole.format(TOTAL_SUPPLY_UP)} note="Base Network" />
      <Summary title="Base Circulating" {...figure(base, (l) => formatUp(circulationOf(l)))} />
      <Summary
        title="DAG Circulating"
        {...figure(dag, (l) => formatUp(circulationOf(l)))}
        note={mainBalance !== undefined ? `Main wallet: ${formatUp(mainBalance)} UP` : undefined}
      />
      <Summary title="Total Wallets" {...totalWallets} />
      <Summary title="Total Burned" value={formatUp(TOTAL_BURNED_UP)} note="From burn wallet" />
    </ul>
  );
}

/** A card's figure ('...' while it loads), or that its list could not be loaded. */
interface Figure {
  value: string;
  failed?: boolean;
}

function Summary({ title, value, failed, note }: Figure & { title: string; note?: string }) {
  return (
    <li>
      <Card className="h-full p-4">
        <h3 className="text-sm text-slate-400">{title}</h3>
        <p className="mt-1 font-mono text-lg font-semibold text-slate-50 tabular-nums">
          {failed ? '—' : value}
        </p>
        {(failed || note) && (
          <p className={cn('mt-1 text-xs', failed ? 'text-red-300' : 'text-slate-500')}>
            {failed ? WALLET_LIST_ERROR : note}
          </p>
        )}
      </Card>
    </li>
  );
}
