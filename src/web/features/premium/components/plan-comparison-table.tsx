import { COMING_SOON, PAID_ITEM_AVAILABLE } from '@/shared/feature-availability';
import { PAID_ITEM_TERMS, PAID_ITEMS, premiumComparisonRows } from '@/shared/premium-benefits';

const availableByLabel = new Map(
  PAID_ITEMS.map((item) => [PAID_ITEM_TERMS[item].label, PAID_ITEM_AVAILABLE[item]]),
);

/**
 * Spec §2 /premium: free versus premium, from the one table of fees and allowances (§9). A
 * service the agent does not offer yet is marked 'Coming soon' rather than sold as working.
 */
export function PlanComparisonTable() {
  return (
    <div className="overflow-x-auto rounded-xl border border-slate-800">
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
          {premiumComparisonRows().map(([item, free, premium]) => (
            <tr key={item}>
              <th scope="row" className="px-4 py-4 font-medium text-slate-100">
                {item}
                {availableByLabel.get(item) === false && (
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
