import { expect, test } from '@playwright/test';
import { expectNoA11yViolations } from './support/accessibility';
import { gotoPage } from './support/goto-page';

/**
 * Issue 43 §5: axe-core on every public page at 1366 and 390 px, failing on any violation (minor
 * and moderate too). Each page once it has faded in (mid-fade text has too little contrast,
 * a property of the moment). A screenshot of each is kept for a person to look at
 * (SCREENSHOT_DIR, off by default).
 */
const PAGES = [
  '/',
  '/how-it-works',
  '/digital-evidence',
  '/premium',
  '/leaderboard',
  '/rewards',
  '/polymarket',
  '/status',
  '/terms-of-service',
  '/privacy-policy',
  '/authorize-twitter',
];
/** Served by the server, not the app: no app-ready flag to wait for. */
const SERVER_PAGES = ['/sandbox', '/sandbox/x/home'];

const shotDir = process.env.SCREENSHOT_DIR;

for (const width of [1366, 390]) {
  test.describe(`${width} px`, () => {
    test.use({ viewport: { width, height: width > 500 ? 900 : 844 } });

    for (const path of [...PAGES, ...SERVER_PAGES]) {
      test(`axe finds no violation on ${path}`, async ({ page }) => {
        if (SERVER_PAGES.includes(path)) await page.goto(path);
        else await gotoPage(page, path);
        await page.waitForFunction(() => {
          const el = document.querySelector('.page-reveal');
          return el === null || getComputedStyle(el).opacity === '1';
        });
        // Data-driven parts (positions, boards) are checked as they are once loaded.
        await page.waitForLoadState('networkidle');
        if (path === '/polymarket') {
          await page.getByRole('button', { name: 'Expand position' }).first().click();
          await expect(page.getByText('Why I Bet:').first()).toBeVisible();
        }
        if (shotDir) {
          await page.screenshot({
            path: `${shotDir}/a11y-${width}${path.replaceAll('/', '_') || '_home'}.png`,
            fullPage: true,
          });
        }
        await expectNoA11yViolations(page);
      });
    }
  });
}
