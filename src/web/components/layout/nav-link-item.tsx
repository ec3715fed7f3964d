import { ExternalLink } from 'lucide-react';
import { Link, useLocation } from 'wouter';
import { cn } from '@/web/lib/cn';
import { isCurrentPath, type NavLink } from './nav-links';

const FOCUS = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand';

/** One navigation entry; `aria-current` marks the page the visitor is on. */
export function NavLinkItem({
  link,
  className,
  onNavigate,
}: {
  link: NavLink;
  className?: string;
  onNavigate?: () => void;
}) {
  const [pathname] = useLocation();
  if (link.external) {
    return (
      <a
        href={link.href}
        target="_blank"
        rel="noopener noreferrer"
        onClick={onNavigate}
        className={cn('inline-flex items-center gap-1', FOCUS, className)}
      >
        {link.label}
        <ExternalLink className="size-3.5 opacity-70" aria-hidden="true" />
        <span className="sr-only">(opens in a new tab)</span>
      </a>
    );
  }
  const current = isCurrentPath(link.href, pathname);
  return (
    <Link
      href={link.href}
      onClick={onNavigate}
      aria-current={current ? 'page' : undefined}
      className={cn(FOCUS, current && 'text-white aria-[current=page]:text-brand', className)}
    >
      {link.label}
    </Link>
  );
}
