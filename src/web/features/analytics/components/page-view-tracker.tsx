import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { pageViewFor, sendPageView } from '../api/send-page-view';

/**
 * Reports a page view whenever the route (wouter's pathname) changes. Keyed on the pathname
 * alone: the landing page rewriting its own query string (error banner reset) is not a visit.
 */
export function PageViewTracker() {
  const [pathname] = useLocation();
  useEffect(() => {
    sendPageView(pageViewFor(pathname, window.location.search, document.referrer));
  }, [pathname]);
  return null;
}
