import { describe, expect, it } from 'vitest';
import { isCurrentPath, NAV_LINKS } from './nav-links';

describe('NAV_LINKS', () => {
  it('lists the spec routes in order, x402 last and external', () => {
    expect(NAV_LINKS.map((l) => l.label)).toEqual([
      'Home',
      'How It Works',
      'Digital Evidence',
      'Polymarket Bets',
      'Premium',
      'Leaderboard',
      'x402 Features',
    ]);
    expect(NAV_LINKS.at(-1)?.external).toBe(true);
    expect(NAV_LINKS.slice(0, -1).every((l) => l.href.startsWith('/') && !l.external)).toBe(true);
  });
});

describe('isCurrentPath', () => {
  it('matches a section and its sub-pages, and home only exactly', () => {
    expect(isCurrentPath('/digital-evidence', '/digital-evidence/tweet/1')).toBe(true);
    expect(isCurrentPath('/premium', '/premium')).toBe(true);
    expect(isCurrentPath('/premium', '/premiums')).toBe(false);
    expect(isCurrentPath('/', '/leaderboard')).toBe(false);
    expect(isCurrentPath('/', '/')).toBe(true);
  });
});
