import fs from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { gotoPage } from './support/goto-page';

/** The landing page's network overview and wallet leaderboards (decision 0010). */

async function openSection(page: Page) {
  await gotoPage(page, '/');
  await page.locator('#network').scrollIntoViewIfNeeded();
  await expect(page.getByRole('heading', { name: '$UP Network Overview' })).toBeVisible();
}

test('cards, both networks, rows linking to the explorers, and the CSV download', async ({
  page,
}) => {
  await openSection(page);
  const cards = page.getByTestId('overview-cards');
  for (const title of [
    'Total Supply',
    'Base Circulating',
    'DAG Circulating',
    'Total Wallets',
    'Total Burned',
  ]) {
    await expect(cards.getByRole('heading', { name: title })).toBeVisible();
  }
  await expect(cards).toContainText('993,181,006');
  await expect(cards).toContainText('From burn wallet');

  await expect(
    page.getByRole('heading', { name: 'Constellation Wallet Leaderboard' }),
  ).toBeVisible();
  await expect(
    page.getByText('Real-time wallet balances from the Constellation Network'),
  ).toBeVisible();
  const rows = page.getByTestId('wallet-row');
  await expect(rows.first()).toBeVisible();
  await expect(rows.first().locator('[data-medal="gold"]')).toHaveText('1');
  await expect(rows.nth(2).locator('[data-medal="bronze"]')).toHaveText('3');
  const link = rows.first().getByRole('link');
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('href', /\/sandbox\/constellation\/explorer\/address\/DAG/);
  await expect(link).toHaveText(/^DAG\w{5}\.\.\.\w{8}$/);
  await expect(page.getByText('Not in circulation').first()).toBeVisible();
  await expect(rows.first()).toContainText(/[\d,]+\.\d{2} UP$/);
  await expect(page.getByTestId('wallets-as-of')).toContainText('Snapshot');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('up-holders-constellation.csv');
  const csv = await fs.readFile((await download.path())!, 'utf8');
  expect(csv.split('\n')[0]).toBe('rank,address,label,balance_up,share_of_circulation');

  await page.getByRole('button', { name: 'Base Network' }).click();
  await expect(page.getByRole('heading', { name: 'Base Wallet Leaderboard' })).toBeVisible();
  await expect(page.getByText('Real-time wallet balances from the Base Network')).toBeVisible();
  await expect(rows.first().getByRole('link')).toHaveAttribute(
    'href',
    /\/sandbox\/base\/address\/0x/,
  );
  await expect(page.getByText(/^Showing top 100 of [\d,]+ wallets$/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Base Network' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
});

test('loading, then "Unable to load wallet data" when the list fails', async ({ page }) => {
  let release!: () => void;
  const held = new Promise<void>((r) => {
    release = r;
  });
  await page.route('**/api/wallets', async (route) => {
    await held;
    await route.fulfill({ status: 503, json: { error: { code: 'x', message: 'down' } } });
  });
  await openSection(page);
  await expect(page.getByText('Loading wallet data...')).toBeVisible();
  await expect(page.getByTestId('overview-cards')).toContainText('...');
  release();
  // The leaderboard's alert, and the summary cards that needed the list (a failure is tried
  // twice more before the page gives up: get-wallet-list.ts).
  await expect(page.getByRole('alert')).toHaveText('Unable to load wallet data', {
    timeout: 10_000,
  });
  await expect(page.getByTestId('overview-cards')).toContainText('Unable to load wallet data');
});

test('a failed poll keeps the figures it has on the page (no error while they are recent)', async ({
  page,
}) => {
  await page.clock.install();
  await openSection(page);
  const rows = page.getByTestId('wallet-row');
  await expect(rows.first()).toBeVisible();
  let failures = 0;
  page.on('response', (r) => {
    if (r.url().endsWith('/api/wallets') && r.status() === 503) failures++;
  });
  await page.route('**/api/wallets', (route) =>
    route.fulfill({ status: 503, json: { error: { code: 'not_ready', message: 'down' } } }),
  );
  // The 30 s poll fires; the list is busy until the query gives up.
  const list = page.getByRole('list', { name: 'Wallets by balance' });
  await page.clock.fastForward(31_000);
  await expect(list).toHaveAttribute('aria-busy', 'true');
  // A failure is tried twice more, 1.5 s apart (get-wallet-list.ts): step the page's clock
  // until all three have failed. The next poll is 30 s away, so no fourth comes.
  await expect
    .poll(
      async () => {
        await page.clock.fastForward(1_500);
        return failures;
      },
      { intervals: [50] },
    )
    .toBe(3);
  // No longer busy: the page has the failed query (a positive event before the negative check).
  await expect(list).toHaveAttribute('aria-busy', 'false');
  await expect(page.getByText('Unable to load wallet data')).toHaveCount(0);
  await expect(rows.first()).toBeVisible();
  await expect(page.getByTestId('wallets-as-of')).toBeVisible();
});

test('the landing loads none of the section until the visitor scrolls near it', async ({
  page,
}) => {
  const walletCalls: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/wallets') || r.url().includes('/api/base-wallets'))
      walletCalls.push(r.url());
  });
  await page.setViewportSize({ width: 1366, height: 768 });
  await gotoPage(page, '/');
  await page.waitForLoadState('networkidle');
  expect(walletCalls).toEqual([]);
  await page.locator('#network').scrollIntoViewIfNeeded();
  await expect.poll(() => walletCalls.length).toBeGreaterThan(0);
});
