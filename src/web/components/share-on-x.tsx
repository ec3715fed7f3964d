import { shareIntentUrl } from '@/shared/x-links';
import { XLogo } from '@/web/components/ui/x-logo';
import { publicConfig } from '@/web/lib/public-config';

/**
 * "Share on X": X's post intent with this page's link, so the post shows the page's card
 * (its og:image, rendered by the server from the record's own figures).
 */
export function ShareOnX({ text, path }: { text: string; path: string }) {
  // The page's own origin: the link X fetches for the card is the one the visitor is reading.
  const url = typeof window === 'undefined' ? path : new URL(path, window.location.origin).href;
  return (
    <a
      href={shareIntentUrl(publicConfig, text, url)}
      target="_blank"
      rel="noopener noreferrer"
      data-testid="share-on-x"
      className="inline-flex items-center gap-2 self-start rounded-md border border-slate-700 px-3 py-1.5 text-sm text-slate-100 hover:border-slate-500"
    >
      <XLogo className="h-3.5 w-3.5" /> Share on X
    </a>
  );
}
