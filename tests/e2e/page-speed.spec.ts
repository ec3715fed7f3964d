import { expect, test } from '@playwright/test';
import { gotoPage } from './support/goto-page';

/**
 * Issue 32: causes of slow or shifting data pages found in Lighthouse traces, each held here so
 * it shows if it comes back (the figures themselves: `npm run bench`, Lighthouse section).
 */

test('/polymarket: the value chart holds its room before its history arrives (no shift)', async ({
  page,
}) => {
  await page.setViewportSize({ width: 412, height: 823 });
  const start = Date.parse('2026-11-27T07:40:00Z');
  const points = Array.from({ length: 25 }, (_, i) => ({
    at: new Date(start + i * 60_000).toISOString(),
    currentValue: 2000 + i * 3,
    totalInvested: 2000,
  }));
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

test('data pages print their numbers and dates without starting Intl (ICU: one long task)', async ({
  page,
}) => {
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
    ['/polymarket', page.getByRole('heading', { name: 'Positions' })],
  ] as const) {
    await gotoPage(page, path);
    await expect(loaded).toBeVisible();
    await page.waitForLoadState('networkidle');
    const used = await page.evaluate(() =>
      // uPlot (the /polymarket chart's own chunk) makes its formatters when it loads: known, left.
      (window as unknown as { __intlUsed: string[] }).__intlUsed.filter(
        (u) => !/value-plot/.test(u),
      ),
    );
    expect(used, `${path} used Intl`).toEqual([]);
  }
});
