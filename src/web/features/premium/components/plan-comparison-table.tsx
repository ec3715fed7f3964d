import { COMING_SOON, PAID_ITEM_AVAILABLE } from '@/shared/feature-availability';
import { PAID_ITEMS, premiumComparisonRows } from '@/shared/premium-benefits';

/**
 * Free versus premium, from the one table of fees and allowances (decision 0007), on /premium and
 * in the landing's Premium section. A service the agent does not offer yet is marked
 * 'Coming soon' rather than sold as working. It imports shared data only, nothing of the
 * premium page: the landing carries it within its JS budget (tests/e2e/budget.spec.ts).
 */
export function PlanComparisonTable({ className = '' }: { className?: string }) {
  return (
    <div className={`overflow-x-auto rounded-xl border border-slate-800 ${className}`}>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Free tier compared with Premium</caption>
        <thead className="bg-slate-900 text-slate-300">
          <tr>
            <th scope="col" className="px-4 py-3 font-medium">
              Service
            </th>
            <th scope="col" className="px-4 py-3 font-medium">
              Free tier
            </th>
            <th scope="col" className="px-4 py-3 font-medium text-brand">
              Premium
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-800">
          {premiumComparisonRows().map(([item, free, premium], i) => (
            <tr key={item}>
              <th scope="row" className="px-4 py-4 font-medium text-slate-100">
                {item}
                {/* Rows follow PAID_ITEMS, then the transfer fee (always available). */}
                {PAID_ITEMS[i] && !PAID_ITEM_AVAILABLE[PAID_ITEMS[i]] && (
                  <span className="ml-2 rounded-full border border-slate-600 px-2 py-0.5 text-xs font-normal text-slate-400">
                    {COMING_SOON}
                  </span>
                )}
              </th>
              <td className="px-4 py-4 text-slate-300">{free}</td>
              <td className="px-4 py-4 text-slate-100">{premium}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
