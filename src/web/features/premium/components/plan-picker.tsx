import { Check } from 'lucide-react';
import { useState } from 'react';
import type { PricingPlan } from '@/shared/premium/contract';
import { YEARLY_DISCOUNT_PERCENT } from '@/shared/premium-benefits';
import { formatTokenAmount } from '@/shared/units';
import { Button } from '@/web/components/ui/button';
import { useAuth } from '@/web/features/auth/auth-context';
import { SignInButton } from '@/web/features/auth/components/sign-in-button';
import { usePricing } from '../api/premium-api';
import { Checkout } from './checkout';
import { formatUpPrice, formatUsd, planName } from './plan-format';

/** What each tier unlocks (decision 0007: only the premium tier carries the premium benefits). */
const TIER_PERKS = {
  pro: ['Full AI reasoning on every prediction-market position'],
  premium: [
    'Everything in Pro',
    '0% transfer fee and daily free allowances',
    'Prioritized replies from the agent',
    'Eligible for leaderboard rewards',
  ],
} as const;

const planKey = (p: PricingPlan) => `${p.tier}-${p.durationMonths}`;

/** Monthly and yearly prices from the pricing call, each buyable when signed in. */
export function PlanPicker() {
  const pricing = usePricing();
  const { isAuthenticated } = useAuth();
  // By key, not object: a refetch brings new plan objects while a checkout is open.
  const [buying, setBuying] = useState<string | null>(null);
  if (pricing.isError) {
    return (
      <p role="alert" className="text-red-400">
        {pricing.error.message}
      </p>
    );
  }
  if (!pricing.data) return <p className="text-slate-400">Loading prices...</p>;
  const { plans, upTokenPrice } = pricing.data;
  return (
    <div className="flex flex-col gap-3">
      <div className="grid gap-4 md:grid-cols-2">
        {(['pro', 'premium'] as const).map((tier) => (
          <section
            key={tier}
            aria-label={`${tier === 'pro' ? 'Pro' : 'Premium'} plans`}
            className="flex flex-col gap-4 rounded-xl border border-slate-800 bg-slate-900/60 p-5"
          >
            <h3 className="text-xl font-semibold capitalize text-slate-50">{tier}</h3>
            <ul className="flex flex-col gap-1 text-sm text-slate-300">
              {TIER_PERKS[tier].map((perk) => (
                <li key={perk} className="flex items-center gap-2">
                  <Check className="size-4 shrink-0 text-brand" aria-hidden="true" />
                  {perk}
                </li>
              ))}
            </ul>
            {plans
              .filter((p) => p.tier === tier)
              .map((plan) => (
                <div
                  key={plan.durationMonths}
                  className="flex flex-col gap-2 border-t border-slate-800 pt-3"
                >
                  <p className="flex flex-wrap items-baseline gap-2 text-slate-100">
                    <span className="text-lg font-semibold">{formatUsd(plan.priceUSD)}</span>
                    <span className="text-sm text-slate-400">
                      {plan.durationMonths === 12 ? 'per year' : 'per month'} ·{' '}
                      {formatTokenAmount(plan.priceUpBaseUnits)} UP now
                    </span>
                    {plan.durationMonths === 12 && (
                      <span className="rounded-full bg-brand/15 px-2 py-0.5 text-xs font-semibold text-brand">
                        {YEARLY_DISCOUNT_PERCENT}% off
                      </span>
                    )}
                  </p>
                  {buying === planKey(plan) ? (
                    <Checkout plan={plan} onDone={() => setBuying(null)} />
                  ) : isAuthenticated ? (
                    <Button
                      size="sm"
                      variant="outline"
                      className="self-start"
                      onClick={() => setBuying(planKey(plan))}
                    >
                      Buy {planName(plan)}
                    </Button>
                  ) : null}
                </div>
              ))}
          </section>
        ))}
      </div>
      <p className="text-sm text-slate-400">
        Paid in UP from your Upsider wallet at the current price (1 UP ={' '}
        {formatUpPrice(upTokenPrice)}).
        {!isAuthenticated && ' Sign in with X to buy a plan.'}
      </p>
      {!isAuthenticated && <SignInButton className="self-start" />}
    </div>
  );
}
