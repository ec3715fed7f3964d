import type { AnalysisFigures as Figures } from '@/shared/analyses/contract';
import { formatTokenDecimal } from '@/shared/units';

const num = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 2 });
const NETWORK = { constellation: 'Constellation', base: 'Base' } as const;

/** The measured figures the model was given, so a reader can check its text against them. */
export function AnalysisFigures({ figures: f }: { figures: Figures }) {
  const rows: [string, string][] = [];
  if (f.price) {
    const change =
      f.price.change24hPercent === null ? '' : ` (${f.price.change24hPercent.toFixed(2)}% 24 h)`;
    rows.push(['Price', `$${f.price.usd.toPrecision(4)}${change}`]);
  } else rows.push(['Price', 'no market price']);
  if (f.totalSupplyUp !== null) rows.push(['Total supply', `${num(f.totalSupplyUp)} UP`]);
  for (const h of f.holders) {
    rows.push([
      `${NETWORK[h.network]} holders`,
      `${num(h.holders)} · ${num(h.circulating)} UP circulating · top 10 hold ${h.top10Percent.toFixed(2)}%`,
    ]);
  }
  if (f.holders.length === 0) rows.push(['Holders', 'not indexed for this token']);
  rows.push([
    'Agent transfers (24 h)',
    `${f.transfers24h.count} · ${formatTokenDecimal(f.transfers24h.volume)} ${f.token}`,
  ]);
  rows.push(['Mentions of the agent (24 h)', String(f.mentions24h)]);
  return (
    <dl className="grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-slate-400">{label}</dt>
          <dd className="wrap-anywhere text-slate-100">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
