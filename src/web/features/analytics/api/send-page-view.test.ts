import { afterEach, describe, expect, it, vi } from 'vitest';
import { pageViewFor, sendPageView } from './send-page-view';

afterEach(() => vi.unstubAllGlobals());

describe('pageViewFor', () => {
  it('joins path and query and nulls an empty referrer', () => {
    expect(pageViewFor('/leaderboard', '?tab=monthly', '')).toEqual({
      path: '/leaderboard?tab=monthly',
      referrer: null,
    });
    expect(pageViewFor('/', '', 'https://x.com/')).toEqual({
      path: '/',
      referrer: 'https://x.com/',
    });
  });
});

describe('sendPageView', () => {
  it('POSTs JSON with keepalive and swallows failures', async () => {
    const fetchMock = vi.fn(async () => {
      throw new TypeError('offline');
    });
    vi.stubGlobal('fetch', fetchMock);
    expect(() => sendPageView({ path: '/', referrer: null })).not.toThrow();
    await Promise.resolve();
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/analytics/pageview',
      expect.objectContaining({
        method: 'POST',
        keepalive: true,
        body: '{"path":"/","referrer":null}',
      }),
    );
  });
});
