import { expect, type Page, test } from '@playwright/test';
import { askAgent, fundAddress, fundSignedInUser, walletAddressOf } from './support/local-agent';
import { overflowsOf } from './support/no-overflow';
import { currentUser, signInWithX, uniqueHandle } from './support/sign-in-with-x';

/*
 * /dashboard for a new user: "Your wallet is ready" with the address and how to fund it on the
 * first visit, "Welcome back" after; then a send and a receive through the agent, listed in the
 * activity history with their amounts, fee, status, receipt link and zone-named time.
 */

const SHOTS = 'test-results/activity';
const activity = (page: Page) => page.getByRole('region', { name: 'Activity', exact: true });

test('first visit, then a send and a receive in the history, at 1366 and 390 px', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1366, height: 900 });
  const handle = uniqueHandle('e2e_act');
  await signInWithX(page, handle, '/dashboard');
  const me = await currentUser(page);

  const ready = page.getByTestId('wallet-ready');
  await expect(ready.getByRole('heading', { level: 1 })).toHaveText(
    `Your wallet is ready, ${me.displayName}`,
  );
  await expect(ready).toContainText(me.dagAddress!);
  await expect(ready).toContainText('How to fund it');
  await expect(ready.getByRole('link', { name: 'sandbox faucet' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/first-visit-1366.png`, fullPage: true });

  // A friend with UP, known to the agent, sends 3 UP; our user sends 5 UP back.
  const friend = uniqueHandle('e2e_actf');
  await fundAddress(page.request, await walletAddressOf(page.request, friend), '50');
  await fundSignedInUser(page, me.dagAddress!, '20');
  const received = await askAgent(page.request, friend, `@UpsiderAgent send 3 UP to @${handle}`);
  expect(received.text).toMatch(/Sent 3/);
  const sent = await askAgent(page.request, handle, `@UpsiderAgent send 5 UP to @${friend}`);
  expect(sent.text).toMatch(/Sent 5/);

  // Confirmed once a snapshot takes both.
  await expect
    .poll(
      async () => {
        await page.request.post('/sandbox/constellation/_admin/snapshot');
        const body = await (await page.request.get('/api/activity')).json();
        return body.items.map((i: { status: string }) => i.status);
      },
      { timeout: 30_000 },
    )
    .toEqual(['confirmed', 'confirmed']);

  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    `Welcome back, ${me.displayName}!`,
  );
  const rows = activity(page).getByRole('listitem');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText(`Sent to @${friend}`);
  await expect(rows.nth(0)).toContainText('−5.00 UP');
  await expect(rows.nth(0)).toContainText('fee 0.025');
  await expect(rows.nth(0)).toContainText('confirmed');
  await expect(rows.nth(0).getByRole('link', { name: 'Receipt' })).toHaveAttribute(
    'href',
    `/receipts/${sent.inReplyToId}`,
  );
  await expect(rows.nth(0).getByRole('link', { name: 'Explorer' })).toHaveAttribute(
    'href',
    /\/transactions\/[0-9a-f]{64}$/,
  );
  // The time names its zone (the browser's; UTC here).
  await expect(rows.nth(0).locator('time')).toHaveText(/\d{1,2}:\d{2} (AM|PM) [A-Z]{2,5}/);
  await expect(rows.nth(1)).toContainText(`Received from @${friend}`);
  await expect(rows.nth(1)).toContainText('+3.00 UP');
  // 3 in − (5 + 0.025 fee + the network fee, if the local network's fee-less limit asked one).
  const api = await (await page.request.get('/api/activity')).json();
  const networkFee = -Number(api.items[0].networkFee ?? 0);
  const net = (2.025 + networkFee).toFixed(8).replace(/0+$/, '');
  if (networkFee > 0) await expect(rows.nth(0)).toContainText(`network fee ${networkFee}`);
  await expect(activity(page).getByTestId('activity-total')).toContainText(`Net UP: −${net} UP`);
  await page.screenshot({ path: `${SHOTS}/history-1366.png`, fullPage: true });

  await activity(page).getByLabel('Show').selectOption('receive');
  await expect(rows).toHaveCount(1);
  await expect(rows.nth(0)).toContainText('+3.00 UP');
  const csv = activity(page).getByRole('link', { name: 'Export CSV' });
  await expect(csv).toHaveAttribute('href', '/api/activity/export.csv?kind=receive');

  await page.setViewportSize({ width: 390, height: 844 });
  await activity(page).getByLabel('Show').selectOption('');
  await expect(rows).toHaveCount(2);
  await activity(page).scrollIntoViewIfNeeded();
  expect(await overflowsOf(activity(page))).toEqual([]);
  await page.screenshot({ path: `${SHOTS}/history-390.png`, fullPage: true });
});
