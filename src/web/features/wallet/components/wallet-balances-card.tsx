import { Coins } from 'lucide-react';
import { formatTokenDecimal } from '@/shared/format';
import { SectionCard } from '@/web/components/ui/section-card';
import type { WalletBalances } from '../api/get-wallet-balances';

/** Spec §2 Dashboard card 4; spec §5: exactly 2 decimals, en-US grouping, missing → 0.00. */
export function WalletBalancesCard({ balances }: { balances: WalletBalances | undefined }) {
  const rows: [string, unknown][] = balances
    ? [
        ['$DAG', balances.dag],
        ['$UP', balances.up],
        ['$DOR', balances.dor],
      ]
    : [];
  return (
    <SectionCard title="Wallet Balances" icon={Coins}>
      {!balances ? (
        <p className="text-sm text-slate-400">Loading balances...</p>
      ) : !balances.constellationAddress ? (
        <p className="text-sm text-slate-400">No wallet connected</p>
      ) : (
        <dl className="grid grid-cols-3 gap-3">
          {rows.map(([token, amount]) => (
            <div key={token} className="rounded-lg bg-slate-950/60 px-3 py-3">
              <dt className="text-xs font-medium uppercase tracking-wide text-slate-400">
                {token}
              </dt>
              <dd className="mt-1 break-all font-mono text-lg font-semibold tabular-nums text-slate-50">
                {formatTokenDecimal(amount)}
              </dd>
            </div>
          ))}
        </dl>
      )}
    </SectionCard>
  );
}
