import { LEADERBOARD_PERIODS, type LeaderboardPeriod } from '@/shared/leaderboard/contract.ts';
import type { ApiDeps } from '../deps.ts';
import {
  analysisSharePage,
  evidenceSharePage,
  leaderboardSharePage,
  receiptSharePage,
} from './record-pages.ts';
import { genericSharePage, type SharePage, staticSharePage } from './share-page.ts';

type Deps = Pick<ApiDeps, 'db' | 'now' | 'config'>;
export type CardKind = 'receipt' | 'evidence' | 'analysis' | 'leaderboard' | 'page';

export const hostOf = (deps: Pick<ApiDeps, 'config'>) => new URL(deps.config.publicUrl).host;

const isPeriod = (s: string): s is LeaderboardPeriod =>
  (LEADERBOARD_PERIODS as readonly string[]).includes(s);

/**
 * The share page of one record (or fixed page) by its card's kind and id. Null when there is
 * no such record: the caller shows the generic card, never an error (issue 43 §4).
 */
export async function shareRecord(deps: Deps, kind: string, id: string): Promise<SharePage | null> {
  const host = hostOf(deps);
  switch (kind) {
    case 'receipt':
      return receiptSharePage(deps, id, host);
    case 'evidence':
      return evidenceSharePage(deps, id, host);
    case 'analysis':
      return analysisSharePage(deps, id, host);
    case 'leaderboard':
      return isPeriod(id) ? leaderboardSharePage(deps, id, host) : null;
    case 'page':
      return staticSharePage(id === 'home' ? '/' : `/${id}`, host);
    default:
      return null;
  }
}

/** Like shareRecord, the generic (home) page for an unknown record, and for a failed read. */
export async function shareRecordOrGeneric(
  deps: Deps & Pick<ApiDeps, 'logger'>,
  kind: string,
  id: string,
): Promise<SharePage> {
  try {
    return (await shareRecord(deps, kind, id)) ?? genericSharePage(hostOf(deps), true);
  } catch (err) {
    // A card is a preview: a database hiccup shows the generic one rather than a 500.
    deps.logger.warn({ err, kind, id }, 'share card: record read failed');
    return genericSharePage(hostOf(deps), true);
  }
}
