import { describe, expect, it } from 'vitest';
import { matchesRoute, pageTitle } from './page-title';

const routes = [
  { path: '/dashboard', title: 'Dashboard' },
  { path: '/receipts/:postId', title: 'Receipt' },
];

describe('pageTitle', () => {
  it('names the page, then the product', () => {
    expect(pageTitle(routes, '/dashboard')).toBe('Dashboard — Upsider');
    expect(pageTitle(routes, '/dashboard/')).toBe('Dashboard — Upsider');
    expect(pageTitle(routes, '/receipts/123')).toBe('Receipt — Upsider');
  });

  it('is the product name on the home page and unknown paths', () => {
    expect(pageTitle(routes, '/')).toBe('Upsider');
    expect(pageTitle(routes, '/nope')).toBe('Upsider');
    expect(matchesRoute('/receipts/:postId', '/receipts/')).toBe(false);
  });
});
