import { expect, test } from '@playwright/test';
import { gotoPage } from './support/goto-page';
import { waitForPublicPageData } from './support/page-data';

/**
 * Causes of slow or shifting data pages found in Lighthouse traces, each held here so
 * it shows if it comes back (the figures themselves: `npm run bench`, Lighthouse section).
 */

/** A value history of 25 points, enough for the chart to draw. */
function historyPoints() {
  const start = Date.parse('2026-11-27T07:40:00Z');
  return Array.from({ length: 25 }, (_, i) => ({
    at: new Date(start + i * 60_000).toISOString(),
    currentValue: 2000 + i * 3,
    totalInvested: 2000,
  }));
}

test('/polymarket: the value chart holds its room before its history arrives (no shift)', async ({
  page,
}) => {
  await page.setViewportSize({ width: 412, height: 823 });
  const points = historyPoints();
  let release = () => {};
  const held = new Promise<void>((r) => {
    release = r;
  });
  await page.route('**/api/polymarket/value-history', async (route) => {
    await held;
    await route.fulfill({ json: { points } });
  });
  await gotoPage(page, '/polymarket');
  const positions = page.getByRole('heading', { name: 'Positions' });
  await expect(positions).toBeVisible();
  const chart = page.getByTestId('value-chart');
  await expect(chart).toHaveAttribute('aria-busy', 'true');
  const before = {
    chart: (await chart.boundingBox())!,
    positions: (await positions.boundingBox())!,
  };

  release();
  await expect(page.getByRole('figure', { name: /^Portfolio value from \$/ })).toBeVisible();
  await expect(chart.locator('canvas').first()).toBeVisible();
  const after = {
    chart: (await chart.boundingBox())!,
    positions: (await positions.boundingBox())!,
  };
  expect(Math.abs(after.chart.height - before.chart.height), 'chart height').toBeLessThanOrEqual(2);
  expect(Math.abs(after.positions.y - before.positions.y), 'positions moved').toBeLessThanOrEqual(
    2,
  );
});

/**
 * The layout shifts of a whole /polymarket load on a phone, the chart drawn: none may move what is
 * already on screen. uPlot fills its box in an effect, after a paint: while that box had no
 * height the figure collapsed for one frame and the positions jumped up and back (2 × 0.05).
 */
test('/polymarket: loading the book and drawing the chart shift nothing (CLS)', async ({
  page,
}) => {
  await page.setViewportSize({ width: 412, height: 823 });
  await page.route('**/api/polymarket/value-history', (route) =>
    route.fulfill({ json: { points: historyPoints() } }),
  );
  await page.addInitScript(() => {
    const w = window as unknown as { __shifts: string[] };
    w.__shifts = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
        sources?: {
          node?: Node | null;
          previousRect: DOMRectReadOnly;
          currentRect: DOMRectReadOnly;
        }[];
      })[]) {
        if (e.hadRecentInput) continue;
        const moved = (e.sources ?? [])
          .map((s) => `${s.node?.textContent?.slice(0, 30)} ${s.previousRect.y}→${s.currentRect.y}`)
          .join('; ');
        w.__shifts.push(`${e.value.toFixed(4)} ${moved}`);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await gotoPage(page, '/polymarket');
  await expect(page.getByRole('heading', { name: 'Positions' })).toBeVisible();
  await expect(page.getByTestId('value-chart').locator('canvas').first()).toBeVisible();
  await waitForPublicPageData(page, '/polymarket');
  // Two frames after the chart is drawn, so a late shift is reported too.
  await page.evaluate(
    () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))),
  );
  const shifts = await page.evaluate(() => (window as unknown as { __shifts: string[] }).__shifts);
  const total = shifts.reduce((sum, s) => sum + Number(s.split(' ')[0]), 0);
  // 0.0042 when the summary's P&L wrapped onto a second line as the book arrived.
  expect(total, shifts.join('\n')).toBeLessThanOrEqual(0.001);
});

test('data pages print their numbers and dates without starting Intl (ICU: one long task)', async ({
  page,
}) => {
  // /polymarket draws its chart here: uPlot's module makes Intl formatters unless kept lazy.
  await page.route('**/api/polymarket/value-history', (route) =>
    route.fulfill({ json: { points: historyPoints() } }),
  );
  // The first Intl call in a page starts ICU: 150–300 ms of one task on a loaded 2-core machine.
  await page.addInitScript(() => {
    const w = window as unknown as { __intlUsed: string[] };
    w.__intlUsed = [];
    const note = (what: string) => w.__intlUsed.push(`${what}\n${new Error().stack ?? ''}`);
    for (const [proto, name] of [
      [Number.prototype, 'toLocaleString'],
      [Date.prototype, 'toLocaleString'],
      [Date.prototype, 'toLocaleDateString'],
      [Date.prototype, 'toLocaleTimeString'],
    ] as const) {
      const original = (proto as unknown as Record<string, (...a: unknown[]) => unknown>)[name]!;
      Object.defineProperty(proto, name, {
        value(this: unknown, ...args: unknown[]) {
          note(name);
          return original.apply(this, args);
        },
      });
    }
    for (const name of ['NumberFormat', 'DateTimeFormat'] as const) {
      const Original = Intl[name];
      Intl[name] = new Proxy(Original, {
        construct(target, args) {
          note(`Intl.${name}`);
          return Reflect.construct(target, args);
        },
        apply(target, self, args) {
          note(`Intl.${name}`);
          return Reflect.apply(target, self, args);
        },
      }) as never;
    }
  });
  for (const [path, loaded] of [
    ['/leaderboard', page.getByRole('heading', { name: 'Most Mentions' })],
    ['/premium', page.getByRole('heading', { name: 'Users' })],
    ['/digital-evidence', page.getByTestId('evidence-total')],
    ['/polymarket', page.getByTestId('value-chart').locator('canvas').first()],
  ] as const) {
    await gotoPage(page, path);
    await expect(loaded).toBeVisible();
    // All of the page's data shown: a part rendered later could still format with Intl.
    await waitForPublicPageData(page, path);
    const used = await page.evaluate(
      () => (window as unknown as { __intlUsed: string[] }).__intlUsed,
    );
    expect(used, `${path} used Intl`).toEqual([]);
  }
});

/**
 * Public pages read their responses with zod/mini (src/shared/<area>/contract.ts and the evidence
 * verifier's schemas): classic zod (~25 KB gzip, its evaluation and first parse one long task of
 * ~0.3–0.6 s on a loaded phone) is loaded by none of them. Every script a page's document fetched
 * (resource timing: cached ones too) is read back and searched.
 */
test('no public page loads classic zod', async ({ page }) => {
  test.setTimeout(90_000);
  const pages: [string, (p: typeof page) => Promise<void>][] = [
    [
      '/',
      async (p) => {
        // The network overview (wallet list) loads its code when scrolled near.
        await p.locator('#network').scrollIntoViewIfNeeded();
        await expect(p.getByTestId('overview-cards')).toBeVisible();
      },
    ],
    ['/how-it-works', async (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible()],
    ['/digital-evidence', async (p) => expect(p.getByTestId('evidence-total')).toBeVisible()],
    [
      '/digital-evidence/tweet/123456789',
      async (p) => expect(p.getByRole('heading', { name: 'Tweet Not Found' })).toBeVisible(),
    ],
    ['/premium', async (p) => expect(p.getByRole('heading', { name: 'Users' })).toBeVisible()],
    [
      '/leaderboard',
      async (p) => expect(p.getByRole('heading', { name: 'Most Mentions' })).toBeVisible(),
    ],
    [
      '/rewards',
      async (p) => expect(p.getByRole('heading', { level: 1, name: 'Rewards' })).toBeVisible(),
    ],
    [
      '/polymarket',
      async (p) => expect(p.getByRole('heading', { name: 'Positions' })).toBeVisible(),
    ],
    [
      '/status',
      async (p) => expect(p.getByRole('heading', { name: 'Agent status' })).toBeVisible(),
    ],
    [
      '/analyses/unknown',
      async (p) => expect(p.getByText('No analysis exists at this address.')).toBeVisible(),
    ],
    [
      '/receipts/unknown',
      async (p) => expect(p.getByText('No receipt exists for this post.')).toBeVisible(),
    ],
    ['/terms-of-service', async (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible()],
    ['/privacy-policy', async (p) => expect(p.getByRole('heading', { level: 1 })).toBeVisible()],
  ];
  for (const [path, loaded] of pages) {
    await gotoPage(page, path);
    // What each page shows once its data is read: its page chunk and the code drawing the data
    // are loaded by then (/status and /receipts poll, so the network is never idle there).
    await loaded(page);
    const urls = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((e) => e.name)
        .filter((name) => /\.m?js$/.test(new URL(name).pathname)),
    );
    expect(urls.length, `${path}: scripts`).toBeGreaterThan(0);
    const classic: string[] = [];
    for (const url of urls) {
      const code = await (await page.request.get(url)).text();
      // Classic zod names its classes ZodOptional, …; zod/mini ZodMiniOptional; the core $ZodOptional.
      if (/[`'"]ZodOptional[`'"]/.test(code)) classic.push(url);
    }
    expect(classic, `${path}: scripts with classic zod`).toEqual([]);
  }
});
