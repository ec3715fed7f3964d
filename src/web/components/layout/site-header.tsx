import { AuthControl } from '@/web/features/auth/components/auth-control';
import { BrandLink } from './brand-link';
import { MobileMenu } from './mobile-menu';
import { NavLinkItem } from './nav-link-item';
import { NAV_LINKS } from './nav-links';

/** The navigation bar: brand left, links in the middle (desktop), account control right. */
export function SiteHeader() {
  return (
    <header className="sticky top-0 z-50 h-16 border-b border-slate-800/80 bg-slate-950/85 backdrop-blur">
      <div className="mx-auto flex h-full max-w-7xl items-center gap-4 px-4 sm:px-6">
        <BrandLink />
        <nav aria-label="Main" className="ml-6 hidden lg:block">
          <ul className="flex items-center gap-1">
            {NAV_LINKS.map((link) => (
              <li key={link.href}>
                <NavLinkItem
                  link={link}
                  className="rounded-md px-3 py-2 text-sm text-slate-300 transition-colors hover:bg-slate-800/70 hover:text-white"
                />
              </li>
            ))}
          </ul>
        </nav>
        <div className="ml-auto flex items-center gap-2">
          <AuthControl />
          <MobileMenu />
        </div>
      </div>
    </header>
  );
}
