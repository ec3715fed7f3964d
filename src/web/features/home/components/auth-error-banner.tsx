import { AlertCircle } from 'lucide-react';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { AUTH_ERROR_BANNER_MS, authErrorFromSearch } from './auth-error-message';

/**
 * Sign-in failures come back as `/?error=…&message=…`. The banner is read on the first render
 * (so it is in the first paint), floats over the page (so nothing shifts when it goes) and
 * leaves after 10 s, resetting the address bar to '/'.
 */
export function AuthErrorBanner() {
  // A page the server rendered has no query string: hydration starts from '' and the banner
  // appears right after; a page rendered in the browser shows it in its first paint.
  const search = useSyncExternalStore(
    noSubscription,
    () => window.location.search,
    () => '',
  );
  const [dismissed, setDismissed] = useState(false);
  const text = dismissed ? null : authErrorFromSearch(search);

  useEffect(() => {
    if (!text) return;
    const timer = setTimeout(() => {
      setDismissed(true);
      window.history.replaceState(window.history.state, '', '/');
    }, AUTH_ERROR_BANNER_MS);
    return () => clearTimeout(timer);
  }, [text]);

  if (!text) return null;
  return (
    <div className="pointer-events-none fixed inset-x-0 top-20 z-40 flex justify-center px-4">
      <div
        role="alert"
        data-testid="auth-error-banner"
        className="pointer-events-auto flex w-full max-w-2xl items-start gap-3 rounded-lg border border-red-500/50 bg-red-950/95 px-4 py-3 text-sm text-red-50 shadow-lg shadow-black/40"
      >
        <AlertCircle className="mt-0.5 size-5 shrink-0 text-red-300" aria-hidden="true" />
        <p>{text}</p>
      </div>
    </div>
  );
}

const noSubscription = () => () => {};
