import { expect, test } from '@playwright/test';
import {
  LANDING_BUDGET,
  type LoadedAsset,
  measureRouteAssets,
  totalGzip,
} from '../../scripts/bench/route-assets.ts';

const listSizes = (assets: LoadedAsset[]) =>
  assets.map((a) => `${a.path} ${(a.gzipBytes / 1024).toFixed(1)} KB`).join(', ');

test('the landing route loads at most 90 KB of JS and 20 KB of CSS, gzipped', async ({ page }) => {
  const assets = await measureRouteAssets(page, '/');
  const js = assets.filter((a) => a.kind === 'js');
  const css = assets.filter((a) => a.kind === 'css');
  // Guard against measuring nothing (e.g. the app failed to load at all).
  expect(js.length).toBeGreaterThan(0);
  expect(css.length).toBeGreaterThan(0);

  // The query library arrives with the first section or page that fetches (lib/with-queries).
  expect(js.filter((a) => /\/(with-queries|query|useQuery)-[\w-]+\.js$/.test(a.path))).toEqual([]);
  expect(totalGzip(assets, 'js'), `JS: ${listSizes(js)}`).toBeLessThanOrEqual(LANDING_BUDGET.js);
  expect(totalGzip(assets, 'css'), `CSS: ${listSizes(css)}`).toBeLessThanOrEqual(
    LANDING_BUDGET.css,
  );
});
