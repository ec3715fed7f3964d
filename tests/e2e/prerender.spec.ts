import { expect, test } from '@playwright/test';
import { waitForPageData, waitForPublicPageData } from './support/page-data';

/**
 * Public pages arrive rendered by the server (decision 0011), so their text is painted before any
 * script runs, and the browser then attaches to that HTML without re-rendering it.
 */
const PAGES = [
  { path: '/', heading: 'Your X handle is your wallet.' },
  { path: '/how-it-works', heading: 'How it works' },
  // Public data pages: the frame and introduction from the server, the data after hydration.
  { path: '/premium', heading: 'Premium' },
  { path: '/leaderboard', heading: 'Leaderboard' },
  { path: '/digital-evidence', heading: 'Digital Evidence' },
  { path: '/status', heading: 'Agent status' },
  { path: '/polymarket', heading: 'Portfolio' },
  { path: '/rewards', heading: 'Rewards' },
  { path: '/rewards?day=2026-01-01', heading: 'Rewards' },
];

test('hydrates the server HTML without a mismatch and stays interactive', async ({ page }) => {
  const problems: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.push(msg.text());
  });
  page.on('pageerror', (err) => problems.push(err.message));
  await page.goto('/');
  const heading = page.getByRole('heading', { level: 1, name: PAGES[0]!.heading });
  const before = await heading.elementHandle();
  await waitForPageData(page);
  // Hydration keeps the server's node; a re-render after a mismatch would replace it.
  expect(await before!.evaluate((el) => el.isConnected)).toBe(true);
  expect(problems.filter((p) => /hydrat|did not match|#418|#423|#425/i.test(p))).toEqual([]);
  await page.getByRole('navigation').getByRole('link', { name: 'How It Works' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'How it works' })).toBeVisible();
});

/**
 * The first paint never waits for JavaScript: a server-rendered page asks for its scripts only
 * after it has painted (api/http/static-site.ts, loadScriptsAfterPaint), so a script that
 * arrives early (warm cache, fast network) cannot run React before the page is on screen.
 */
test('a server-rendered page asks for its scripts only after its first paint', async ({ page }) => {
  await page.goto('/');
  await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
  const { fcp, scripts } = await page.evaluate(() => ({
    fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
    scripts: performance
      .getEntriesByType('resource')
      .filter((e) => /\/assets\/[^/]+\.js$/.test(new URL(e.name).pathname))
      .map((e) => e.startTime),
  }));
  expect(fcp).not.toBeNull();
  expect(scripts.length).toBeGreaterThan(0);
  expect(Math.min(...scripts)).toBeGreaterThanOrEqual(fcp!);
});

/**
 * The page reveal (content fades in after 200 ms) must not hold the LCP: the page's first heading
 * and every box around it are fully opaque with nothing animating them, from the first frame, with
 * and without JS.
 */
const ALL_PUBLIC = [...PAGES.map((p) => p.path), '/terms-of-service', '/privacy-policy'];

async function headingPaintState(page: import('@playwright/test').Page) {
  return page
    .locator('h1')
    .first()
    .evaluate((h1) => {
      const boxes: { tag: string; opacity: string; animations: number }[] = [];
      for (let el: Element | null = h1; el; el = el.parentElement) {
        boxes.push({
          tag: `${el.tagName.toLowerCase()}.${el.className}`.slice(0, 60),
          opacity: getComputedStyle(el).opacity,
          animations: el.getAnimations().length,
        });
      }
      return boxes.filter((b) => b.opacity !== '1' || b.animations > 0);
    });
}

/**
 * One page load per path and mode, each checked at its first paint, then as it settles: without
 * JavaScript, the heading and the app's styles from the HTML alone; with it, the hydration.
 * (Each check was its own test, paying for its own browser context and page load: decision 0080.)
 */
const headingOf = (path: string) => PAGES.find((p) => p.path === path)?.heading;

test.describe('first paint, JavaScript off', () => {
  test.use({ javaScriptEnabled: false });
  for (const path of ALL_PUBLIC) {
    const styles = headingOf(path) ? ', and its heading has its styles from the HTML alone' : '';
    test(`${path}: the heading is opaque and not animated at first paint${styles}`, async ({
      page,
    }) => {
      await page.goto(path, { waitUntil: 'commit' });
      await page.locator('h1').first().waitFor({ state: 'attached' });
      expect(await headingPaintState(page)).toEqual([]);
      const heading = headingOf(path);
      if (!heading) return;
      // From the HTML alone: the heading, laid out with the app's styles (the stylesheet is inlined).
      const h1 = page.getByRole('heading', { level: 1, name: heading });
      await expect(h1).toBeVisible();
      const weight = await h1.evaluate((el) => getComputedStyle(el).fontWeight);
      expect(Number(weight)).toBeGreaterThanOrEqual(700);
    });
  }
});

// The data pages render their loading state on the server; the browser must attach to it as is
// (a clock read while rendering, say, would not match: see the leaderboard's countdown).
const HYDRATED = PAGES.slice(2).map((p) => p.path);

test.describe('first paint, JavaScript on', () => {
  for (const path of ALL_PUBLIC) {
    const hydration = HYDRATED.includes(path) ? ', and hydrates without a mismatch' : '';
    test(`${path}: the heading is opaque and not animated at first paint${hydration}`, async ({
      page,
    }) => {
      const problems: string[] = [];
      page.on('console', (msg) => {
        if (msg.type() === 'error') problems.push(msg.text());
      });
      page.on('pageerror', (err) => problems.push(err.message));
      await page.goto(path, { waitUntil: 'commit' });
      await page.locator('h1').first().waitFor({ state: 'attached' });
      expect(await headingPaintState(page)).toEqual([]);
      if (!HYDRATED.includes(path)) return;
      const heading = page.getByRole('heading', { level: 1, name: headingOf(path) });
      const before = await heading.elementHandle();
      await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
      // Its data shown: the parts rendered with it have attached (or failed to) too.
      await waitForPublicPageData(page, path);
      expect(await before!.evaluate((el) => el.isConnected)).toBe(true);
      expect(problems.filter((p) => /hydrat|did not match|#418|#423|#425/i.test(p))).toEqual([]);
    });
  }
});

test.describe('largest contentful paint on a phone', () => {
  test.use({ viewport: { width: 412, height: 823 } });
  for (const path of ALL_PUBLIC) {
    test(`${path}: the LCP element is the page's own content, not the sandbox banner`, async ({
      page,
    }) => {
      await page.goto(path);
      // The page with its data: a part that arrives with it may be the largest.
      await waitForPublicPageData(page, path);
      const lcp = await page.evaluate(
        () =>
          new Promise<{ inMain: boolean; inBanner: boolean; tag: string }>((resolve) => {
            new PerformanceObserver((list) => {
              const last = list.getEntries().at(-1) as PerformanceEntry & { element?: Element };
              const el = last?.element;
              resolve({
                inMain: Boolean(el?.closest('main')),
                inBanner: Boolean(el?.closest('aside[aria-label="Sandbox"]')),
                tag: el ? `${el.tagName} ${el.textContent?.slice(0, 40)}` : 'none',
              });
            }).observe({ type: 'largest-contentful-paint', buffered: true });
          }),
      );
      expect(lcp, lcp.tag).toMatchObject({ inMain: true, inBanner: false });
    });
  }
});
