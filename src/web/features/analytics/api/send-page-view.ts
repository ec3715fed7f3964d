export interface PageView {
  path: string;
  referrer: string | null;
}

/** The page view body: pathname plus query string, and the referrer when the browser gives one. */
export function pageViewFor(pathname: string, search: string, referrer: string): PageView {
  const query = search && search !== '?' ? (search.startsWith('?') ? search : `?${search}`) : '';
  return { path: `${pathname}${query}`, referrer: referrer || null };
}

/**
 * Fire-and-forget: `keepalive` lets the request finish when the visitor is already leaving,
 * and a failed report must never disturb the page.
 */
export function sendPageView(view: PageView): void {
  fetch('/api/analytics/pageview', {
    method: 'POST',
    credentials: 'include',
    keepalive: true,
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(view),
  }).catch(() => {});
}
