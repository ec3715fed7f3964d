import { expect, test } from '@playwright/test';
import ogs from 'open-graph-scraper';
import { fundSignedInUser } from './support/local-agent';
import { overflowsOf } from './support/no-overflow';
import { currentUser, signInWithX, uniqueHandle } from './support/sign-in-with-x';

/**
 * A send's receipt reads as a receipt (issue 43 §2): From and To with @handle and address,
 * amount, fee, network fee, total debited, a short linked hash, a time with its zone, the reply
 * once; at 1366 and 390 px (screenshots in /tmp), nothing wider than the screen; its server HTML
 * carries its own title and card; Share on X opens X's post intent with the link.
 */
test('a send receipt at 1366 and 390 px', async ({ page }) => {
  test.setTimeout(120_000);
  const handle = uniqueHandle('e2e_rcpt');
  await signInWithX(page, handle, '/console');
  const me = await currentUser(page);
  await fundSignedInUser(page, me.dagAddress!, '200');
  await page.getByLabel('Command').fill('send 2 UP to @bob');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByTestId('agent-answer').last()).toContainText('Sent 2.00 UP to @bob');
  await page.getByRole('link', { name: 'Receipt' }).last().click();
  await expect(async () => {
    await page.reload();
    await expect(page.getByText(/^[0-9a-f]{8}…[0-9a-f]{6}$/).first()).toBeVisible({
      timeout: 2000,
    });
  }).toPass({ timeout: 30_000 });

  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Send receipt');
  await expect(page.getByTestId('receipt-from')).toContainText(`@${handle}`);
  await expect(page.getByTestId('receipt-from')).toContainText(me.dagAddress!.slice(0, 8));
  await expect(page.getByTestId('receipt-to')).toContainText('@bob');
  await expect(page.getByTestId('receipt-amount')).toHaveText('2.00 UP');
  await expect(page.getByTestId('receipt-fee')).toHaveText('0.01 UP');
  await expect(page.getByTestId('receipt-network-fee')).toContainText('UP');
  await expect(page.getByTestId('receipt-total')).toContainText(/^2\.01\d* UP$/);
  // A time with its zone (the reader's: UTC on this machine).
  await expect(page.getByTestId('receipt-time')).toContainText(
    /\d{1,2}:\d{2}:\d{2} [AP]M (UTC|GMT)/,
  );
  // The reply once, without the link to this very page.
  await expect(page.getByTestId('receipt-reply')).toHaveCount(1);
  await expect(page.getByTestId('receipt-reply')).not.toContainText('/receipts/');

  const share = new URL((await page.getByTestId('share-on-x').getAttribute('href'))!);
  // X's web in production; the local X's in the sandbox.
  expect(share.pathname).toMatch(/\/intent\/post$/);
  expect(share.searchParams.get('url')).toBe(page.url());
  expect(share.searchParams.get('text')).toMatch(/^Sent 2\.00 UP to @bob/);

  await page.setViewportSize({ width: 1366, height: 900 });
  await page.screenshot({ path: '/tmp/receipt-1366.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: '/tmp/receipt-390.png', fullPage: true });
  expect(await overflowsOf(page.locator('main'))).toEqual([]);

  const html = await (await page.request.get(page.url())).text();
  const { result } = await ogs({ html });
  expect(result.ogTitle).toMatch(/^Receipt: Sent 2\.00 UP to @bob · \w+ — Upsider$/);
  expect(result.twitterCard).toBe('summary_large_image');
  const card = await page.request.get(result.ogImage![0]!.url);
  expect(card.headers()['content-type']).toBe('image/png');
});
