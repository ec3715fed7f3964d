import { ArrowRight, CheckCircle2 } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '@/web/components/ui/button';
import { PlanComparisonTable } from '@/web/features/premium/components/plan-comparison-table';
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
        <PlanComparisonTable className="self-start lg:col-span-3" />
      </div>
    </section>
  );
}
