import { AlertTriangle, CheckCircle2, XCircle } from 'lucide-react';
import { formatLongDate } from '@/shared/format';
import type { Subscription } from '../api/get-subscription';

/** "1 month", "3 months". */
export const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** Dashboard: the health box of a subscription: active, expiring soon or expired. */
export function SubscriptionHealthBox({ subscription }: { subscription: Subscription }) {
  const end = formatLongDate(subscription.endDate) ?? 'an unknown date';
  const days = subscription.daysRemaining ?? 0;
  switch (subscription.subscriptionHealth) {
    case 'expiring_soon':
      return (
        <div className="rounded-lg border border-amber-500/40 bg-amber-500/10 p-4 text-amber-100">
          <p className="flex items-center gap-2 font-semibold text-amber-300">
            <AlertTriangle className="size-4" aria-hidden="true" />
            Expiring Soon
          </p>
          <p className="mt-1 text-sm">Only {plural(days, 'day')} remaining!</p>
          <p className="text-sm">Renew before {end}</p>
        </div>
      );
    case 'expired':
      return (
        <div className="rounded-lg border border-red-500/40 bg-red-500/10 p-4 text-red-100">
          <p className="flex items-center gap-2 font-semibold text-red-300">
            <XCircle className="size-4" aria-hidden="true" />
            Expired
          </p>
          <p className="mt-1 text-sm">Subscription expired on {end}</p>
        </div>
      );
    default:
      return (
        <div className="rounded-lg border border-emerald-500/40 bg-emerald-500/10 p-4 text-emerald-100">
          <p className="flex items-center gap-2 font-semibold text-emerald-300">
            <CheckCircle2 className="size-4" aria-hidden="true" />
            Active Subscription
          </p>
          <p className="mt-1 text-sm">{plural(days, 'day')} remaining</p>
          <p className="text-sm">Expires on {end}</p>
        </div>
      );
  }
}
