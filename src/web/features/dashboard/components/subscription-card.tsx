import { Crown, Sparkles } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'wouter';
import { formatLongDate } from '@/shared/format';
import { Button } from '@/web/components/ui/button';
import { SectionCard } from '@/web/components/ui/section-card';
import type { Subscription } from '../api/get-subscription';
import { plural, SubscriptionHealthBox } from './subscription-health-box';

const ROW = 'flex justify-between gap-4 text-sm';

/**
 * Dashboard card 1. `subscription` is undefined while it loads. `planPicker` is the
 * premium feature's plan picker and checkout (the page passes it in, so buying from the
 * dashboard is the same component as on /premium): shown to a free user, one click away for a
 * subscriber who wants to extend. While it shows, the card takes `pickingClassName` (the page
 * gives it a row of its own, so its height does not stretch the cards beside it).
 */
export function SubscriptionCard({
  subscription,
  planPicker,
  pickingClassName,
}: {
  subscription: Subscription | undefined;
  planPicker?: ReactNode;
  pickingClassName?: string;
}) {
  const [extending, setExtending] = useState(false);
  const picking =
    planPicker !== undefined &&
    subscription !== undefined &&
    (!subscription.hasSubscription || extending);
  return (
    <SectionCard
      title="Subscription Status"
      icon={Crown}
      className={picking ? pickingClassName : undefined}
    >
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
          {planPicker && extending && planPicker}
          <div className="mt-auto flex flex-wrap gap-2">
            <Button asChild variant="outline" size="sm">
              <Link href="/premium">Manage Subscription</Link>
            </Button>
            {planPicker && !extending && (
              <Button variant="outline" size="sm" onClick={() => setExtending(true)}>
                Extend your plan
              </Button>
            )}
          </div>
        </>
      ) : (
        <>
          <div className="rounded-lg border border-slate-700 bg-slate-800/40 p-4">
            <p className="font-semibold text-slate-100">Free Tier</p>
            <p className="mt-1 text-sm text-slate-300">Upgrade to unlock premium features</p>
          </div>
          {planPicker}
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
