import { Coins } from 'lucide-react';
import { formatTokenDecimal } from '@/shared/units';
import { SectionCard } from '@/web/components/ui/section-card';
import type { WalletBalances } from '../api/get-wallet-balances';

/** Dashboard card 4: exactly 2 decimals, en-US grouping, missing → 0.00. */
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
        <dl className="flex flex-col gap-2">
          {rows.map(([token, amount]) => (
            <div
              key={token}
              className="flex items-baseline justify-between gap-4 rounded-lg bg-slate-950/60 px-3 py-2.5"
            >
              <dt className="text-sm font-medium text-slate-400">{token}</dt>
              <dd className="min-w-0 break-all text-right font-mono text-lg font-semibold tabular-nums text-slate-50">
                {formatTokenDecimal(amount)}
              </dd>
            </div>
          ))}
        </dl>
      )}
    </SectionCard>
  );
}
