import { expect, test } from '@playwright/test';
import { gotoPage } from './support/goto-page';

/**
 * Issue 32: causes of slow or shifting data pages found in Lighthouse traces, each held here so
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
  await page.waitForLoadState('networkidle');
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
    await page.waitForLoadState('networkidle');
    const used = await page.evaluate(
      () => (window as unknown as { __intlUsed: string[] }).__intlUsed,
    );
    expect(used, `${path} used Intl`).toEqual([]);
  }
});

/**
 * /polymarket reads its responses with zod/mini (shared/portfolio.ts): classic zod (~25 KB gzip,
 * its evaluation and first parse one long task of ~0.3–0.6 s on a loaded phone) is not loaded.
 */
test('/polymarket loads no classic zod', async ({ page }) => {
  const scripts: string[] = [];
  page.on('response', async (res) => {
    if (res.request().resourceType() === 'script') scripts.push(await res.text());
  });
  await gotoPage(page, '/polymarket');
  await expect(page.getByRole('heading', { name: 'Positions' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(scripts.length).toBeGreaterThan(0);
  // Classic zod names its classes ZodOptional, …; zod/mini ZodMiniOptional; the core $ZodOptional.
  const classic = scripts.filter((code) => /[`'"]ZodOptional[`'"]/.test(code));
  expect(classic.length, 'scripts with classic zod').toBe(0);
});
