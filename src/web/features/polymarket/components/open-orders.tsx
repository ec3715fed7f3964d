import type { OpenOrderView } from '@/shared/portfolio';
import { numberEnUs } from '@/web/lib/plain-format';
import { cents } from './portfolio-format';

const size = (n: number) => numberEnUs(n, 0);

/** Hidden when there are none; Market, Side, Price, Size (original and remaining). */
export function OpenOrders({ orders }: { orders: OpenOrderView[] }) {
  if (orders.length === 0) return null;
  return (
    <section aria-labelledby="orders-title" className="flex flex-col gap-3">
      <h2 id="orders-title" className="text-xl font-semibold text-slate-50">
        Open Orders
      </h2>
      <div className="overflow-x-auto rounded-xl border border-slate-800">
        <table className="w-full text-left text-sm">
          <thead className="bg-slate-900 text-slate-300">
            <tr>
              {['Market', 'Side', 'Price', 'Size'].map((h) => (
                <th key={h} scope="col" className="px-4 py-2 font-medium">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-800">
            {orders.map((o) => (
              <tr key={o.id}>
                <td className="px-4 py-2 text-slate-100">
                  {o.market_question ?? 'Market Order'}
                  <span className="block text-xs text-slate-400">
                    {o.outcome} · {o.type}
                  </span>
                </td>
                <td
                  className={`px-4 py-2 font-semibold ${o.side === 'BUY' ? 'text-emerald-400' : 'text-red-400'}`}
                >
                  {o.side}
                </td>
                <td className="px-4 py-2 tabular-nums text-slate-200">{cents(o.price)}</td>
                <td className="px-4 py-2 tabular-nums text-slate-200">
                  {size(o.original_size)}{' '}
                  <span className="text-xs text-slate-400">({size(o.remaining)} left)</span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
