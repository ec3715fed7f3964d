import { expect, type Page, test } from '@playwright/test';
import { signInWithX, uniqueHandle } from './support/sign-in-with-x';

/**
 * Every page on a 390 px phone: nothing wider than the screen (long addresses, receipt URLs and
 * hashes wrap), and every page has its own browser title.
 */
const PAGES: [string, string][] = [
  ['/', 'Upsider'],
  ['/how-it-works', 'How it works — Upsider'],
  ['/dashboard', 'Dashboard — Upsider'],
  ['/console', 'Console — Upsider'],
  ['/settings', 'Settings — Upsider'],
  ['/authorize-twitter', 'Authorize X — Upsider'],
  ['/status', 'Agent status — Upsider'],
  ['/premium', 'Premium — Upsider'],
  ['/leaderboard', 'Leaderboard — Upsider'],
  ['/rewards', 'Rewards — Upsider'],
  ['/polymarket', 'Portfolio — Upsider'],
  ['/digital-evidence', 'Digital Evidence — Upsider'],
  ['/terms-of-service', 'Terms of Service — Upsider'],
  ['/privacy-policy', 'Privacy Policy — Upsider'],
];

async function expectNoHorizontalOverflow(page: Page, path: string) {
  await page.waitForLoadState('networkidle');
  const widest = await page.evaluate(() => {
    const vw = document.documentElement.clientWidth;
    const offenders = [...document.querySelectorAll('body *')]
      .filter((el) => el.getBoundingClientRect().right > vw + 1)
      .map((el) => `${el.tagName.toLowerCase()}.${String(el.className).slice(0, 60)}`);
    return { scroll: document.documentElement.scrollWidth, vw, offenders: offenders.slice(0, 5) };
  });
  expect(widest.offenders, `${path} overflows`).toEqual([]);
  expect(widest.scroll, `${path} scroll width`).toBeLessThanOrEqual(widest.vw);
}

test.use({ viewport: { width: 390, height: 844 } });

test('no page is wider than a 390 px phone, and each has its own title', async ({ page }) => {
  test.setTimeout(120_000); // eleven pages, each loaded and measured
  await signInWithX(page, uniqueHandle('e2e_narrow'), '/console');
  // Long content: an address answer and its receipt.
  await page.getByLabel('Command').fill("what's my address");
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByTestId('agent-answer').last()).toContainText('DAG');
  await expectNoHorizontalOverflow(page, '/console (with an answer)');
  await page.getByRole('link', { name: 'Receipt' }).last().click();
  await expect(page.getByRole('heading', { name: 'Receipt' })).toBeVisible();
  await expect(page).toHaveTitle('Receipt — Upsider');
  await expectNoHorizontalOverflow(page, page.url());

  for (const [path, title] of PAGES) {
    await page.goto(path);
    await expect(page).toHaveTitle(title);
    await expectNoHorizontalOverflow(page, path);
  }
});
