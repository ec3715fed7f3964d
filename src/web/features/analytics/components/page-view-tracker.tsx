import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';
import { pageViewFor, sendPageView } from '../api/send-page-view';

/**
 * Reports a page view whenever the route (wouter's pathname) changes. Keyed on the pathname
 * alone: the landing page rewriting its own query string (error banner reset) is not a visit.
 */
export function PageViewTracker() {
  const [pathname] = useLocation();
  // StrictMode (dev) runs effects twice; one route change is one view.
  const lastReported = useRef<string | null>(null);
  useEffect(() => {
    if (lastReported.current === pathname) return;
    lastReported.current = pathname;
    sendPageView(pageViewFor(pathname, window.location.search, document.referrer));
  }, [pathname]);
  return null;
}
