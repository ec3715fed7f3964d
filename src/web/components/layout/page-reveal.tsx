import type { ReactNode } from 'react';
import { cn } from '@/web/lib/cn';

/** Page content fades in after 200 ms. */
export const PAGE_REVEAL_DELAY_MS = 200;

/**
 * A CSS animation rather than a timer plus state: the content is laid out from the first
 * frame (no layout shift, nothing re-renders) and only its opacity waits for the delay.
 */
export function PageReveal({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <div
      className={cn('page-reveal', className)}
      style={{ animationDelay: `${PAGE_REVEAL_DELAY_MS}ms` }}
    >
      {children}
    </div>
  );
}
