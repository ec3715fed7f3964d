import { lazy } from 'react';

/**
 * Every page of the SPA, each its own chunk (the landing route's JS budget is 100 KB gzipped).
 * A path not listed here renders the home page (spec §2: `/` is the fallback for any unknown path).
 */
export const routes: { path: string; component: React.LazyExoticComponent<React.ComponentType> }[] =
  [
    {
      path: '/how-it-works',
      component: lazy(() => import('@/web/pages/how-it-works/how-it-works-page')),
    },
    {
      path: '/terms-of-service',
      component: lazy(() => import('@/web/pages/legal/terms-of-service-page')),
    },
    {
      path: '/privacy-policy',
      component: lazy(() => import('@/web/pages/legal/privacy-policy-page')),
    },
    { path: '/dashboard', component: lazy(() => import('@/web/pages/dashboard/dashboard-page')) },
    { path: '/settings', component: lazy(() => import('@/web/pages/settings/settings-page')) },
    {
      path: '/authorize-twitter',
      component: lazy(() => import('@/web/pages/authorize-twitter/authorize-twitter-page')),
    },
    { path: '/console', component: lazy(() => import('@/web/pages/console/console-page')) },
    { path: '/status', component: lazy(() => import('@/web/pages/status/status-page')) },
    {
      path: '/receipts/:postId',
      component: lazy(() => import('@/web/pages/receipts/receipt-page')),
    },
  ];

export const HomePage = lazy(() => import('@/web/pages/home/home-page'));
