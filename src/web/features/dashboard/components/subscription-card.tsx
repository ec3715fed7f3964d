import { Crown, Sparkles } from 'lucide-react';
import { Link } from 'wouter';
import { formatLongDate } from '@/shared/format';
import { Button } from '@/web/components/ui/button';
import { SectionCard } from '@/web/components/ui/section-card';
import type { Subscription } from '../api/get-subscription';
import { plural, SubscriptionHealthBox } from './subscription-health-box';

const ROW = 'flex justify-between gap-4 text-sm';

/** Spec §2 Dashboard card 1. `subscription` is undefined while it loads. */
export function SubscriptionCard({ subscription }: { subscription: Subscription | undefined }) {
  return (
    <SectionCard title="Subscription Status" icon={Crown}>
      {!subscription ? (
        <p className="text-sm text-slate-400">Loading subscription...</p>
      ) : subscription.hasSubscription ? (
        <>
          <dl className="flex flex-col gap-2">
            <div className={ROW}>
              <dt className="text-slate-400">Tier</dt>
              <dd className="font-medium capitalize text-slate-100">{subscription.tier ?? '-'}</dd>
            </div>
            <div className={ROW}>
              <dt className="text-slate-400">Status</dt>
              <dd className="font-medium capitalize text-slate-100">
                {subscription.status ?? '-'}
              </dd>
            </div>
          </dl>
          <SubscriptionHealthBox subscription={subscription} />
          <dl className="flex flex-col gap-2">
            <div className={ROW}>
              <dt className="text-slate-400">Started</dt>
              <dd className="text-slate-100">{formatLongDate(subscription.startDate) ?? '-'}</dd>
            </div>
            <div className={ROW}>
              <dt className="text-slate-400">Duration</dt>
              <dd className="text-slate-100">
                {plural(subscription.monthsPurchased ?? 0, 'month')}
              </dd>
            </div>
          </dl>
          <Button asChild variant="outline" size="sm" className="mt-auto self-start">
            <Link href="/premium">Manage Subscription</Link>
          </Button>
        </>
      ) : (
        <>
          <div className="rounded-lg border border-slate-700 bg-slate-800/40 p-4">
            <p className="font-semibold text-slate-100">Free Tier</p>
            <p className="mt-1 text-sm text-slate-300">Upgrade to unlock premium features</p>
          </div>
          <Button asChild size="sm" className="mt-auto self-start">
            <Link href="/premium">
              <Sparkles className="size-4" aria-hidden="true" />
              View Premium Plans
            </Link>
          </Button>
        </>
      )}
    </SectionCard>
  );
}
