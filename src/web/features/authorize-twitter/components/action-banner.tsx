import { AlertCircle, CheckCircle2 } from 'lucide-react';
import type { ActionOutcome } from '../api/external-action';

/** The success or error banner above the status card. */
export function ActionBanner({ outcome }: { outcome: ActionOutcome }) {
  const Icon = outcome.ok ? CheckCircle2 : AlertCircle;
  return (
    <div
      role={outcome.ok ? 'status' : 'alert'}
      data-testid="authorization-banner"
      className={
        outcome.ok
          ? 'flex items-start gap-3 rounded-lg border border-emerald-500/40 bg-emerald-500/10 px-4 py-3 text-sm text-emerald-100'
          : 'flex items-start gap-3 rounded-lg border border-red-500/50 bg-red-950/60 px-4 py-3 text-sm text-red-50'
      }
    >
      <Icon
        className={`mt-0.5 size-5 shrink-0 ${outcome.ok ? 'text-emerald-300' : 'text-red-300'}`}
        aria-hidden="true"
      />
      <p>{outcome.message}</p>
    </div>
  );
}
