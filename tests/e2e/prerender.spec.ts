import { expect, test } from '@playwright/test';

/**
 * Issue 11: public pages arrive rendered by the server, so their text is painted before any
 * script runs, and the browser then attaches to that HTML without re-rendering it.
 */
const PAGES = [
  { path: '/', heading: 'Your X handle is your wallet.' },
  { path: '/how-it-works', heading: 'How it works' },
];

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  for (const { path, heading } of PAGES) {
    test(`${path} shows its heading and styles from the HTML alone`, async ({ page }) => {
      await page.goto(path);
      const h1 = page.getByRole('heading', { level: 1, name: heading });
      await expect(h1).toBeVisible();
      // The stylesheet is inlined: the heading is laid out with the app's styles.
      const weight = await h1.evaluate((el) => getComputedStyle(el).fontWeight);
      expect(Number(weight)).toBeGreaterThanOrEqual(700);
    });
  }
});

test('hydrates the server HTML without a mismatch and stays interactive', async ({ page }) => {
  const problems: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.push(msg.text());
  });
  page.on('pageerror', (err) => problems.push(err.message));
  await page.goto('/');
  const heading = page.getByRole('heading', { level: 1, name: PAGES[0]!.heading });
  const before = await heading.elementHandle();
  await page.waitForLoadState('networkidle');
  // Hydration keeps the server's node; a re-render after a mismatch would replace it.
  expect(await before!.evaluate((el) => el.isConnected)).toBe(true);
  expect(problems.filter((p) => /hydrat|did not match|#418|#423|#425/i.test(p))).toEqual([]);
  await page.getByRole('navigation').getByRole('link', { name: 'How It Works' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'How it works' })).toBeVisible();
});
