import { PlanComparisonTable } from '@/web/features/premium/components/plan-comparison-table';
import { PlanPicker } from '@/web/features/premium/components/plan-picker';
import { premiumIntro } from '@/web/features/premium/components/premium-intro';
import { PremiumStatCards } from '@/web/features/premium/components/premium-stat-cards';
import { PremiumUserList } from '@/web/features/premium/components/premium-user-list';

/** /premium: stats, free versus premium, the plans and who holds them. */
export default function PremiumPage() {
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-10 px-4 py-12 sm:px-6">
      <header className="flex flex-col gap-2">
        <p className="self-start rounded-full border border-amber-500/40 bg-amber-500/10 px-3 py-1 text-xs font-semibold text-amber-300">
          Preview of upcoming features
        </p>
        <h1 className="text-3xl font-bold tracking-tight text-slate-50">Premium</h1>
        <p className="text-slate-400">{premiumIntro()}</p>
      </header>
      <PremiumStatCards />
      <section aria-labelledby="compare-title" className="flex flex-col gap-4">
        <h2 id="compare-title" className="text-xl font-semibold text-slate-50">
          Free versus Premium
        </h2>
        <PlanComparisonTable />
      </section>
      <section aria-labelledby="plans-title" className="flex flex-col gap-4">
        <h2 id="plans-title" className="text-xl font-semibold text-slate-50">
          Plans
        </h2>
        <PlanPicker />
      </section>
      <section aria-labelledby="users-title" className="flex flex-col gap-4">
        <h2 id="users-title" className="text-xl font-semibold text-slate-50">
          Users
        </h2>
        <PremiumUserList />
      </section>
    </div>
  );
}
