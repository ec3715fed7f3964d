import type { CardSpec } from '@/core/share-cards/render-card.ts';
import { titled } from '@/shared/record-titles.ts';

/**
 * What a shared link shows before anyone opens it: the page's own title and description, its
 * canonical address, and the card X and Open Graph readers display (issue 43 §4).
 */
export interface SharePage {
  title: string;
  description: string;
  /** The page's path: its canonical URL is the public URL + this. */
  path: string;
  /** Path of its card image (/api/cards/…png). */
  cardPath: string;
  card: CardSpec;
  /** Not to be indexed (the home page answering an unknown path). */
  noindex?: boolean;
}

const BRAND = 'Upsider';
export const DEFAULT_DESCRIPTION =
  'Upsider: a wallet for everyone on X. Post to the agent to send $UP, $DAG and $DOR.';

/** 'Receipt — Upsider': the same form the browser tab uses (web/app/page-title.ts). */
export { titled };

/** The public pages that are the same for every visitor: their words and their card's. */
export const STATIC_PAGES: Record<string, { title: string | null; description: string }> = {
  '/': { title: null, description: DEFAULT_DESCRIPTION },
  '/how-it-works': {
    title: 'How it works',
    description:
      'Post to the agent on X: send $UP to anyone by handle, fingerprint posts, get analyses.',
  },
  '/digital-evidence': {
    title: 'Digital Evidence',
    description: 'Posts fingerprinted on Constellation: each hash, its time and its proof, public.',
  },
  '/premium': {
    title: 'Premium',
    description:
      'Premium on Upsider: monthly allowances of analyses, fingerprints and videos, paid in UP.',
  },
  '/leaderboard': {
    title: 'Leaderboard',
    description:
      'The most active on Upsider: mentions, sends and fingerprints, this month and all time.',
  },
  '/rewards': {
    title: 'Rewards',
    description: "The daily quality-post rewards: each day's pool of UP and the posts it paid.",
  },
  '/polymarket': {
    title: 'Portfolio',
    description: "The agent's Polymarket book: its positions and why it bet.",
  },
  '/status': {
    title: 'Agent status',
    description: 'Whether the Upsider agent is reading and answering posts on X right now.',
  },
  '/terms-of-service': { title: 'Terms of Service', description: 'Upsider terms of service.' },
  '/privacy-policy': { title: 'Privacy Policy', description: 'Upsider privacy policy.' },
};

/** A fixed page's share page; the card is named after the path ('/' is 'home'). */
export function staticSharePage(path: string, host: string): SharePage | null {
  const page = STATIC_PAGES[path];
  if (!page) return null;
  const name = path === '/' ? 'home' : path.slice(1);
  return {
    title: titled(page.title),
    description: page.description,
    path,
    // The leaderboard's card is its top five, drawn when asked (record-pages.ts).
    cardPath:
      path === '/leaderboard'
        ? '/api/cards/leaderboard/monthly.png'
        : `/api/cards/page/${name}.png`,
    card: {
      kicker: page.title ?? BRAND,
      headline: page.title ?? 'A wallet for everyone on X',
      lines: [page.description],
      footer: host,
    },
  };
}

/**
 * The home page's, for a path that is no page (the spec shows the home page there, so its
 * canonical is the home page and it says noindex) and for a record that does not exist.
 */
export function genericSharePage(host: string, noindex = false): SharePage {
  return { ...(staticSharePage('/', host) as SharePage), noindex };
}
