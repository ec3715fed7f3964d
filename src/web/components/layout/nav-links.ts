import { publicConfig } from '@/web/lib/public-config';

export interface NavLink {
  href: string;
  label: string;
  /** Another site: opens in a new tab. */
  external?: boolean;
}

/** The navigation bar's links, in order. */
export const NAV_LINKS: NavLink[] = [
  { href: '/', label: 'Home' },
  { href: '/how-it-works', label: 'How It Works' },
  { href: '/digital-evidence', label: 'Digital Evidence' },
  { href: '/polymarket', label: 'Polymarket Bets' },
  { href: '/premium', label: 'Premium' },
  { href: '/leaderboard', label: 'Leaderboard' },
  { href: publicConfig.x402Url, label: 'x402 Features', external: true },
];

/** A section is current for its own path and everything under it ('/' only for itself). */
export function isCurrentPath(href: string, pathname: string): boolean {
  if (href === '/') return pathname === '/';
  return pathname === href || pathname.startsWith(`${href}/`);
}
