import { Loader2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { formatLongDate } from '@/shared/format';
import type { PricingPlan, Quote } from '@/shared/premium/contract';
import { formatTokenAmount } from '@/shared/units';
import { Button } from '@/web/components/ui/button';
import { useCreateQuote, usePurchaseQuote } from '../api/buy-subscription';
import { formatUpPrice, formatUsd, planName } from './plan-format';

function useSecondsLeft(until: string | undefined) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!until) return;
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, [until]);
  return until ? Math.max(0, Math.ceil((Date.parse(until) - now) / 1000)) : 0;
}

/**
 * Buying a plan from the web: "Buy" fixes the UP amount at the current price (a quote held for a
 * few minutes), then "Confirm payment" pays it from the custodial wallet. Every refusal is the
 * server's own words (insufficient funds, stale price, expired quote) and nothing is moved.
 */
export function Checkout({ plan, onDone }: { plan: PricingPlan; onDone: () => void }) {
  const createQuote = useCreateQuote();
  const purchase = usePurchaseQuote();
  const quote: Quote | undefined = createQuote.data;
  const secondsLeft = useSecondsLeft(quote?.expiresAt);
  const name = planName(plan);

  if (purchase.data) {
    return (
      <div role="status" className="flex flex-col gap-2 text-sm text-emerald-200">
        <p className="font-semibold">
          {name} is yours until {formatLongDate(purchase.data.endDate)}.
        </p>
        <p>Paid {formatTokenAmount(purchase.data.quote.priceUpBaseUnits)} UP from your wallet.</p>
        <Button size="sm" variant="outline" className="self-start" onClick={onDone}>
          Close
        </Button>
      </div>
    );
  }
  const error = createQuote.error ?? purchase.error;
  return (
    <div className="flex flex-col gap-3 text-sm">
      {!quote ? (
        <Button
          size="sm"
          disabled={createQuote.isPending}
          onClick={() =>
            createQuote.mutate({ tier: plan.tier, durationMonths: plan.durationMonths })
          }
        >
          {createQuote.isPending && <Loader2 className="size-4 animate-spin" aria-hidden="true" />}
          Get the UP price
        </Button>
      ) : (
        <>
          <p className="text-slate-200">
            Pay <strong>{formatTokenAmount(quote.priceUpBaseUnits)} UP</strong> (
            {formatUsd(quote.priceUSD)} at {formatUpPrice(quote.upTokenPrice)} per UP) from your
            wallet for {name}.
          </p>
          <p className="text-slate-400" aria-live="polite">
            {secondsLeft > 0
              ? `This price is held for ${Math.floor(secondsLeft / 60)}:${String(secondsLeft % 60).padStart(2, '0')}.`
              : 'This price has expired. Get a new one.'}
          </p>
          <div className="flex gap-2">
            <Button
              size="sm"
              disabled={purchase.isPending || secondsLeft === 0}
              onClick={() => purchase.mutate(quote.quoteId)}
            >
              {purchase.isPending && <Loader2 className="size-4 animate-spin" aria-hidden="true" />}
              Confirm payment
            </Button>
            <Button
              size="sm"
              variant="outline"
              onClick={secondsLeft > 0 ? onDone : () => createQuote.reset()}
            >
              {secondsLeft > 0 ? 'Cancel' : 'Back'}
            </Button>
          </div>
        </>
      )}
      {error && (
        <p role="alert" className="text-red-400">
          {error.message}
        </p>
      )}
    </div>
  );
}
