import type { LucideIcon } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { Card } from './card';

/**
 * A card that is a named region: an icon and an `h2` title label it, so screen readers (and
 * tests) can find "the Wallet Balances card" by name, and pages keep a clean heading order.
 */
export function SectionCard({
  title,
  icon: Icon,
  action,
  className,
  children,
}: {
  title: string;
  icon?: LucideIcon;
  /** Shown at the right of the title (a link or a badge). */
  action?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={className}>
      <Card className="flex h-full flex-col gap-4">
        <div className="flex items-center justify-between gap-3">
          <h2
            id={headingId}
            className="flex items-center gap-2 text-lg font-semibold text-slate-50"
          >
            {Icon && <Icon className="size-5 text-brand" aria-hidden="true" />}
            {title}
          </h2>
          {action}
        </div>
        {children}
      </Card>
    </section>
  );
}
