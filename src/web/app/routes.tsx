// `lazy` here is lazyPage: React's lazy plus preload(), for hydrating server-rendered pages.
import { type LazyPage, lazyPage as lazy } from './lazy-page';

/**
 * Every page of the SPA, each its own chunk (the landing route's JS budget is 100 KB gzipped).
 * A path not listed here renders the home page (`/` is the fallback for any unknown path).
 */
export const routes: {
  path: string;
  /** The browser tab's title, shown as '<title> — Upsider'. */
  title: string;
  component: LazyPage;
}[] = [
  {
    path: '/how-it-works',
    title: 'How it works',
    component: lazy(() => import('@/web/pages/how-it-works/how-it-works-page'), { queries: false }),
  },
  {
    path: '/digital-evidence',
    title: 'Digital Evidence',
    component: lazy(() => import('@/web/pages/digital-evidence/digital-evidence-page')),
  },
  {
    path: '/digital-evidence/tweet/:tweetId',
    title: 'Evidence details',
    component: lazy(() => import('@/web/pages/digital-evidence/evidence-detail-page')),
  },
  {
    path: '/premium',
    title: 'Premium',
    component: lazy(() => import('@/web/pages/premium/premium-page')),
  },
  {
    path: '/leaderboard',
    title: 'Leaderboard',
    component: lazy(() => import('@/web/pages/leaderboard/leaderboard-page')),
  },
  {
    path: '/rewards',
    title: 'Rewards',
    component: lazy(() => import('@/web/pages/rewards/rewards-page')),
  },
  {
    path: '/polymarket',
    title: 'Portfolio',
    component: lazy(() => import('@/web/pages/polymarket/polymarket-page')),
  },
  {
    path: '/terms-of-service',
    title: 'Terms of Service',
    component: lazy(() => import('@/web/pages/legal/terms-of-service-page'), { queries: false }),
  },
  {
    path: '/privacy-policy',
    title: 'Privacy Policy',
    component: lazy(() => import('@/web/pages/legal/privacy-policy-page'), { queries: false }),
  },
  {
    path: '/dashboard',
    title: 'Dashboard',
    component: lazy(() => import('@/web/pages/dashboard/dashboard-page')),
  },
  {
    path: '/settings',
    title: 'Settings',
    component: lazy(() => import('@/web/pages/settings/settings-page')),
  },
  {
    path: '/authorize-twitter',
    title: 'Authorize X',
    component: lazy(() => import('@/web/pages/authorize-twitter/authorize-twitter-page')),
  },
  {
    path: '/console',
    title: 'Console',
    component: lazy(() => import('@/web/pages/console/console-page')),
  },
  {
    path: '/status',
    title: 'Agent status',
    component: lazy(() => import('@/web/pages/status/status-page')),
  },
  {
    path: '/analyses/:id',
    title: 'Analysis',
    component: lazy(() => import('@/web/pages/analyses/analysis-page')),
  },
  {
    path: '/receipts/:postId',
    title: 'Receipt',
    component: lazy(() => import('@/web/pages/receipts/receipt-page')),
  },
];

// The landing fetches only in sections loaded as the visitor scrolls; they bring the query client.
export const HomePage = lazy(() => import('@/web/pages/home/home-page'), { queries: false });

/** The page a path shows, for loading its chunk before the browser attaches to server HTML. */
export function pageFor(pathname: string): LazyPage {
  return routes.find((r) => r.path === pathname)?.component ?? HomePage;
}
