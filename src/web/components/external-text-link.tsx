import { ExternalLink } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/web/lib/cn';

/** A text link to another site: new tab, an outward arrow, and a note for screen readers. */
export function ExternalTextLink({
  href,
  className,
  children,
}: {
  href: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className={cn(
        'inline-flex items-center gap-2 self-start rounded-md text-sm font-medium text-brand hover:underline',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand',
        className,
      )}
    >
      {children}
      <ExternalLink className="size-3.5" aria-hidden="true" />
      <span className="sr-only">(opens in a new tab)</span>
    </a>
  );
}
