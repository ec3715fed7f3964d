import { expect, type Locator, type Page } from '@playwright/test';

/** What a page shows while a part of it waits for its data: skeletons, spinners, "Loading…". */
const LOADING = '[aria-busy="true"], .animate-pulse, .animate-spin';

/**
 * A part of each public page with data of its own that exists only once the data has arrived
 * (a loading state, an error or a skeleton never shows it). Keyed by path, without the query.
 */
const SHOWN_WITH_DATA: Record<string, (page: Page) => Locator> = {
  '/digital-evidence': (page) => page.getByTestId('evidence-total'),
  '/premium': (page) => page.locator('dd[aria-busy="false"]'),
  '/leaderboard': (page) => {
    const boards = page.getByRole('tabpanel');
    return boards.locator('ol').or(boards.getByText('No data available'));
  },
  '/rewards': (page) => page.getByRole('region', { name: 'Monthly leaderboard rewards' }),
  '/polymarket': (page) => page.getByRole('heading', { name: 'Positions' }),
  '/status': (page) => page.getByTestId('agent-state'),
  // Signed out: the page's own sign-in prompt, once the sign-in state has loaded.
  '/authorize-twitter': (page) =>
    page.getByRole('main').getByRole('button', { name: 'Sign in with X' }),
};

/** waitForPageData with the part of the public page at `path` that shows its data, if any. */
export async function waitForPublicPageData(page: Page, path: string) {
  const shown = SHOWN_WITH_DATA[new URL(path, 'http://x').pathname];
  await waitForPageData(page, shown?.(page));
}

/**
 * Waits until the page shows its data, so a check sees the page as a visitor reads it, not a
 * skeleton (an axe scan of one would pass vacuously). Replaces `waitForLoadState('networkidle')`,
 * which waited for 500 ms without a request on every page, data or not, and did not itself show
 * the data had arrived (decision 0080).
 *
 * `loaded` is a part of the page that exists only once its data has arrived (the page's
 * component has mounted and its first query answered): without it, the checks below could run
 * before the page's queries have even started. Pages without data of their own pass none.
 */
export async function waitForPageData(page: Page, loaded?: Locator) {
  // The navigation bar's account control, on every page: the sign-in state has loaded.
  const account = page
    .getByRole('banner')
    .getByRole('button', { name: 'Sign in with X' })
    .or(page.getByRole('button', { name: 'Account menu' }));
  await expect(account.first()).toBeEnabled();
  if (loaded) await expect(loaded.first()).toBeVisible();
  // Every data request the page has made so far has been answered: the parts that show no
  // loading state while they wait (a section rendered only with its data) have theirs too.
  // (`response()`, the headers: a request listed after the fact never reports its `finished()`.)
  const api = (await page.requests()).filter((r) => new URL(r.url()).pathname.startsWith('/api/'));
  await Promise.all(api.map((r) => r.response()));
  const main = page.getByRole('main');
  await expect(main.locator(LOADING)).toHaveCount(0);
  await expect(main.getByText(/^Loading\b/)).toHaveCount(0);
}
