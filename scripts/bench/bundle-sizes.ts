import { chromium } from '@playwright/test';
import { addGoalRow } from './goals.ts';
import {
  entryAssetPaths,
  LANDING_BUDGET,
  type LoadedAsset,
  measureRouteAssets,
  totalGzip,
} from './route-assets.ts';
import { type BenchSection, CHROMIUM_FLAGS, kb } from './types.ts';

/** Every route the spec lists; paths the SPA does not know yet render the home page. */
const ROUTES = [
  '/',
  '/how-it-works',
  '/premium',
  '/digital-evidence',
  '/digital-evidence/tweet/1800000000000000001',
  '/leaderboard',
  '/rewards',
  '/status',
  '/polymarket',
  '/dashboard',
  '/authorize-twitter',
  '/terms-of-service',
  '/privacy-policy',
];

/** The landing's first load is a goal row (decision 0026): measured this often, fresh each time. */
const LANDING_RUNS = 3;

const fileName = (assetPath: string) => assetPath.split('/').pop()!;
const pad = (text: string, width: number) => text.padEnd(width);

/** Gzip sizes of the shared entry and of the lazy chunks each route adds, as Chromium loads them. */
export const bundleSizes: BenchSection = {
  title: 'Bundle sizes (gzip, as loaded by Chromium)',
  async run(ctx) {
    const origin = await ctx.server();
    const entry = entryAssetPaths(ctx.distDir);
    const browser = await chromium.launch({ executablePath: ctx.chromePath, args: CHROMIUM_FLAGS });
    try {
      let entryAssets: LoadedAsset[] = [];
      const rows: string[] = [];
      for (const route of ROUTES) {
        // A fresh context per route: nothing cached from the previous one.
        const context = await browser.newContext();
        const assets = await measureRouteAssets(await context.newPage(), origin + route);
        await context.close();
        if (route === '/') {
          entryAssets = assets.filter((a) => entry.has(a.path));
          const runs = [totalGzip(assets, 'js') / 1024];
          for (let i = 1; i < LANDING_RUNS; i++) {
            const again = await browser.newContext();
            runs.push(
              totalGzip(await measureRouteAssets(await again.newPage(), `${origin}/`), 'js') / 1024,
            );
            await again.close();
          }
          addGoalRow({
            what: `Landing first-load JS (gzip, ${runs.length} runs)`,
            unit: 'KB',
            baseline: null,
            runs,
            goal: '≤ 90 KB',
            met: Math.max(...runs) <= 90,
          });
        }
        const lazy = assets.filter((a) => !entry.has(a.path));
        rows.push(
          `  ${pad(route, 44)} ${pad(kb(totalGzip(assets, 'js')), 10)} ${pad(kb(totalGzip(assets, 'css')), 9)} ${
            lazy.map((a) => `${fileName(a.path)} ${kb(a.gzipBytes)}`).join(', ') || '-'
          }`,
        );
      }
      const entryJs = totalGzip(entryAssets, 'js');
      const entryCss = totalGzip(entryAssets, 'css');
      console.info(`  shared entry: JS ${kb(entryJs)}, CSS ${kb(entryCss)}`);
      for (const a of entryAssets) console.info(`    ${fileName(a.path)} ${kb(a.gzipBytes)}`);
      console.info(`\n  ${pad('route', 44)} ${pad('JS total', 10)} ${pad('CSS', 9)} lazy chunks`);
      for (const row of rows) console.info(row);
      console.info(
        `\n  budget for '/': JS ${kb(LANDING_BUDGET.js)}, CSS ${kb(LANDING_BUDGET.css)} (enforced by tests/e2e/budget.spec.ts)`,
      );
    } finally {
      await browser.close();
    }
  },
};
