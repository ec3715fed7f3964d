import { expect, test } from '@playwright/test';
import { currentUser, signInWithX, uniqueHandle } from './support/sign-in-with-x';

/** The web console runs the agent's engine: same commands, answers and receipts as on X. */

test('signed-in console: "balance" and "what\'s my address" get the agent\'s answers, with receipts', async ({
  page,
}) => {
  const handle = uniqueHandle('e2e_cons');
  await signInWithX(page, handle, '/console');
  await expect(page).toHaveURL(/\/console$/);
  const me = await currentUser(page);

  const input = page.getByLabel('Command');
  await input.fill('balance');
  await page.getByRole('button', { name: 'Send' }).click();
  const answers = page.getByTestId('agent-answer');
  await expect(answers.last()).toContainText('Your balance: 0.00 UP · 0.00 DAG · 0.00 DOR');

  await input.fill("what's my address");
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(answers.last()).toContainText(`Your wallet address: ${me.dagAddress}`);

  // History is kept: a reload shows both exchanges, oldest first.
  await page.reload();
  await expect(page.getByTestId('agent-answer')).toHaveCount(2);
  // One receipt link per answer: the reply's own "Receipt: <url>" is not shown a second time.
  await expect(page.locator('a[href*="/receipts/"]')).toHaveCount(2);
  await expect(page.getByTestId('agent-answer').last()).not.toContainText('/receipts/');

  await page.getByRole('link', { name: 'Receipt' }).last().click();
  await expect(page).toHaveURL(/\/receipts\/console-[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'Receipt' })).toBeVisible();
  await expect(page.getByText("“what's my address”")).toBeVisible();
  await expect(page.getByTestId('receipt-reply')).toContainText(me.dagAddress!);
});

test('the console asks visitors to sign in; /status is public', async ({ page }) => {
  await page.goto('/console');
  await expect(page.getByText('Please log in to use the console')).toBeVisible();
  await page.goto('/status');
  await expect(page.getByRole('heading', { name: 'Agent status' })).toBeVisible();
  await expect(page.getByText('Network snapshot')).toBeVisible();
  await expect(page.getByText(/is running|paused/)).toBeVisible();
});
