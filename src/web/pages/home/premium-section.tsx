import { ArrowRight, CheckCircle2 } from 'lucide-react';
import { Link } from 'wouter';
import { COMING_SOON, PAID_ITEM_AVAILABLE } from '@/shared/feature-availability';
import { PAID_ITEMS, premiumComparisonRows } from '@/shared/premium-benefits';
import { Button } from '@/web/components/ui/button';
import { PREMIUM_PERKS } from './premium-comparison';
import { SectionHeading } from './section-heading';

export function PremiumSection() {
  return (
    <section
      aria-labelledby="premium-title"
      id="premium"
      className="border-y border-slate-800/80 bg-slate-900/30"
    >
      <div className="[&>*]:min-w-0 mx-auto grid max-w-7xl gap-10 px-4 py-20 sm:px-6 lg:grid-cols-5">
        <div className="lg:col-span-2">
          <SectionHeading
            id="premium-title"
            eyebrow="Premium"
            title="Free to use, better with Premium"
          >
            Everyone can use the agent for a small $UP fee per service. Premium subscribers pay no
            transfer fee and get daily free allowances.
          </SectionHeading>
          <ul className="mt-6 space-y-2">
            {PREMIUM_PERKS.map((perk) => (
              <li key={perk} className="flex items-center gap-2 text-slate-200">
                <CheckCircle2 className="size-5 shrink-0 text-brand" aria-hidden="true" />
                {perk}
              </li>
            ))}
          </ul>
          <Button asChild className="mt-8">
            <Link href="/premium">
              Explore Premium
              <ArrowRight className="size-4" aria-hidden="true" />
            </Link>
          </Button>
        </div>
        <div className="self-start overflow-x-auto rounded-xl border border-slate-800 lg:col-span-3">
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
      </div>
    </section>
  );
}
