import { expect, type Page, test } from '@playwright/test';
import { E2E_ANALYSES_KEY } from '../../playwright.config';
import { gotoPage } from './support/goto-page';
import { buyPlan, fundSignedInUser } from './support/local-agent';
import {
  currentUser,
  expectAccessibleOnceRevealed,
  signInWithX,
  uniqueHandle,
} from './support/sign-in-with-x';

/** /polymarket: the bot's book from the local Polymarket, with the analysis gated on the server. */
test.setTimeout(90_000);

const rows = (page: Page) => page.getByRole('list', { name: 'Positions' }).locator(':scope > li');
const expand = async (page: Page, index: number) => {
  await rows(page).nth(index).getByRole('button', { name: 'Expand position' }).click();
  return rows(page).nth(index);
};

test('a visitor sees the summary, positions, orders, the first analysis free and teasers after', async ({
  page,
}) => {
  await gotoPage(page, '/polymarket');
  await expect(page.getByRole('heading', { level: 1, name: 'Portfolio' })).toBeVisible();
  await expect(page.getByText('Track your positions and open orders')).toBeVisible();
  for (const tile of ['Total Invested', 'Current Value', 'Total P&L', 'Positions']) {
    await expect(page.getByText(tile, { exact: true }).first()).toBeVisible();
  }
  await expect(page.getByText('Showing positions with cost basis ≥ $1.00')).toBeVisible();
  // Total P&L is coloured by its sign (green from 0 up, red below), unlike the plain tiles.
  const tileValue = (label: string) =>
    page.locator('dl > div').filter({ hasText: label }).locator('dd').first();
  const colorOf = (label: string) => tileValue(label).evaluate((el) => getComputedStyle(el).color);
  expect(await colorOf('Total P&L')).not.toBe(await colorOf('Current Value'));
  await expect(page.getByText('AI Analysis Available')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Open Orders' })).toBeVisible();

  const first = await expand(page, 0);
  await expect(first.getByText('Free Preview - Full AI Analysis')).toBeVisible();
  await expect(first.getByText('Why I Bet:')).toBeVisible();
  await expect(first.getByText('Bullish Evidence (YES):')).toBeVisible();
  for (const card of ['Position Details', 'Market Info', 'Performance']) {
    await expect(first.getByRole('heading', { name: card })).toBeVisible();
  }

  const second = await expand(page, 1);
  await expect(second.getByText('Free Preview - Full AI Analysis')).toHaveCount(0);
  await expect(second.getByText('Bullish Evidence (YES):')).toHaveCount(0);
  const panel = second.getByRole('region', { name: 'Premium Feature' });
  await expect(panel).toContainText('Probability estimates and edge');
  await expect(panel.getByRole('button', { name: 'Sign in with X' })).toBeVisible();
  await expectAccessibleOnceRevealed(page);
});

test('the value chart loads its library on /polymarket only and draws the history', async ({
  page,
  request,
}) => {
  await expect
    .poll(
      async () => (await (await request.get('/api/polymarket/value-history')).json()).points.length,
      {
        timeout: 30_000,
      },
    )
    .toBeGreaterThanOrEqual(2);
  const chunks: string[] = [];
  page.on('request', (r) => chunks.push(r.url()));
  await gotoPage(page, '/');
  expect(chunks.some((u) => /value-plot/.test(u))).toBe(false);
  await gotoPage(page, '/polymarket');
  const chart = page.getByRole('figure', { name: /^Portfolio value from \$/ });
  await expect(chart.locator('canvas')).toBeVisible();
  await expect(chart.locator('.u-legend')).toContainText('Value');
  await expect(chart).toContainText('Portfolio value, last 30 days');
});

test('signed in without a plan: the calls to action lead to /premium', async ({ page }) => {
  await signInWithX(page, uniqueHandle('e2e_pm'), '/polymarket');
  const second = await expand(page, 1);
  const upgrade = second
    .getByRole('region', { name: 'Premium Feature' })
    .getByRole('link', { name: 'Upgrade to Premium' });
  await expect(upgrade).toHaveAttribute('href', '/premium');
});

test('a subscriber reads every analysis in full', async ({ page }) => {
  await signInWithX(page, uniqueHandle('e2e_pmsub'), '/polymarket');
  const me = await currentUser(page);
  await fundSignedInUser(page, me.dagAddress!, '2000');
  await buyPlan(page, 'pro');

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Portfolio' })).toBeVisible();
  await expect(page.getByText('AI Analysis Available')).toHaveCount(0);
  const second = await expand(page, 1);
  await expect(second.getByText('Bullish Evidence (YES):')).toBeVisible();
  await expect(second.getByRole('region', { name: 'Premium Feature' })).toHaveCount(0);
});

test('markdown with HTML in an analysis is shown as text, never run', async ({ page, request }) => {
  const book = await (await request.get('/api/polymarket/portfolio')).json();
  const assetId: string = book.positions[0].asset_id;
  const res = await request.post('/api/polymarket/analyses', {
    headers: { Authorization: `Bearer ${E2E_ANALYSES_KEY}` },
    data: {
      asset_id: assetId,
      overall_reasoning:
        '**Bold call.** <script>window.__pwned = 1</script><img src="x" onerror="window.__pwned = 2"> [link](javascript:window.__pwned=3)',
      evidence_bullish: 'Evidence with <b onclick="window.__pwned=4">html</b>',
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  await gotoPage(page, '/polymarket');
  const first = await expand(page, 0);
  await expect(first.getByText('Bold call.')).toBeVisible();
  await expect(first.locator('script, img[onerror], [onclick]')).toHaveCount(0);
  const link = first.getByRole('link', { name: 'link' });
  if (await link.count()) expect(await link.getAttribute('href')).not.toMatch(/^javascript:/i);
  expect(
    await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned),
  ).toBeUndefined();
});
