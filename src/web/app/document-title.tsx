import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { pageTitle } from './page-title';
import { routes } from './routes';

/** Keeps the browser tab's title in step with the page ('Dashboard — Upsider', …). */
export function DocumentTitle() {
  const [location] = useLocation();
  useEffect(() => {
    document.title = pageTitle(routes, location);
  }, [location]);
  return null;
}
