import { expect, type Locator, type Page } from '@playwright/test';
import { expectNoA11yViolations } from './accessibility';
import { waitForPageData, waitForPublicPageData } from './page-data';

// The page check of tests/e2e/accessibility.spec.ts and record-pages-accessibility.spec.ts.
const shotDir = process.env.SCREENSHOT_DIR;

/**
 * Once a page has faded in and shows its data, screenshot it (when asked), then axe. `data`: what
 * shows a record page's data (see waitForPageData), `'public'` for a public page's own
 * (waitForPublicPageData), `'served-whole'` for a page the server serves whole, which asks for
 * nothing after its load.
 */
export async function checkPage(
  page: Page,
  width: number,
  path: string,
  data: Locator | 'public' | 'served-whole',
) {
  await page.waitForFunction(() => {
    const el = document.querySelector('.page-reveal');
    return el === null || getComputedStyle(el).opacity === '1';
  });
  // Data-driven parts (positions, boards, records) are checked as they are once loaded.
  if (data === 'public') await waitForPublicPageData(page, path);
  else if (data !== 'served-whole') await waitForPageData(page, data);
  if (path === '/polymarket') {
    await page.getByRole('button', { name: 'Expand position' }).first().click();
    await expect(page.getByText('Why I Bet:').first()).toBeVisible();
  }
  // The evidence page with its verification shown: the steps and the record they verified.
  if (path.startsWith('/digital-evidence/tweet/')) {
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByTestId('verified-record')).toBeVisible();
  }
  if (shotDir) {
    const name = path.replace(/[0-9a-f-]{36}$|\d+$/, 'id').replaceAll('/', '_') || '_home';
    await page.screenshot({ path: `${shotDir}/a11y-${width}${name}.png`, fullPage: true });
  }
  await expectNoA11yViolations(page);
}

export const viewport = (width: number) => ({ width, height: width > 500 ? 900 : 844 });
