import { TOTAL_BURNED_UP, TOTAL_SUPPLY_UP } from '@/shared/holders/constants';
import { circulationOf, formatUp } from '@/shared/holders/display';
import { Card } from '@/web/components/ui/card';
import { useMainWalletBalance } from '../api/get-main-wallet-balance';
import { useWalletList } from '../api/get-wallet-list';

const whole = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** Spec §2: the five summary cards above the leaderboard. */
export function SummaryCards() {
  const dag = useWalletList('constellation');
  const base = useWalletList('base');
  const main = useMainWalletBalance();
  const totalWallets =
    dag.data && base.data ? whole.format(dag.data.walletCount + base.data.walletCount) : '...';
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5" data-testid="overview-cards">
      <Summary title="Total Supply" value={whole.format(TOTAL_SUPPLY_UP)} note="Base Network" />
      <Summary
        title="Base Circulating"
        value={base.data ? formatUp(circulationOf(base.data)) : '...'}
      />
      <Summary
        title="DAG Circulating"
        value={dag.data ? formatUp(circulationOf(dag.data)) : '...'}
        note={main.data !== undefined ? `Main wallet: ${formatUp(main.data)} UP` : undefined}
      />
      <Summary title="Total Wallets" value={totalWallets} />
      <Summary title="Total Burned" value={formatUp(TOTAL_BURNED_UP)} note="From burn wallet" />
    </ul>
  );
}

function Summary({ title, value, note }: { title: string; value: string; note?: string }) {
  return (
    <li>
      <Card className="h-full p-4">
        <h3 className="text-sm text-slate-400">{title}</h3>
        <p className="mt-1 font-mono text-lg font-semibold text-slate-50 tabular-nums">{value}</p>
        {note && <p className="mt-1 text-xs text-slate-500">{note}</p>}
      </Card>
    </li>
  );
}
