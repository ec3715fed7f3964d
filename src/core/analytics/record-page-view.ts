import { pageViews } from '@/db/schema/index.ts';
import type { CoreDeps } from '../deps.ts';

/**
 * Stores a page view (path, referrer, time: nothing personal) and, when a Plausible instance
 * is configured, forwards it there without making the visitor wait.
 */
export async function recordPageView(
  deps: Pick<CoreDeps, 'db' | 'config' | 'logger'>,
  view: { path: string; referrer?: string | null },
) {
  const referrer = view.referrer ? view.referrer.slice(0, 2048) : null;
  await deps.db.insert(pageViews).values({ path: view.path, referrer });
  const plausible = deps.config.plausible;
  if (plausible) {
    fetch(`${plausible.url.replace(/\/$/, '')}/api/event`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'User-Agent': 'Upsider' },
      body: JSON.stringify({
        name: 'pageview',
        domain: plausible.domain,
        url: `${deps.config.publicUrl}${view.path}`,
        referrer,
      }),
      signal: AbortSignal.timeout(5000),
    }).catch((err) => deps.logger.warn({ err: String(err) }, 'plausible forward failed'));
  }
}
