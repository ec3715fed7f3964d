import { expect, test } from '@playwright/test';

test('an unknown path serves the app with status 200', async ({ page }) => {
  const res = await page.goto('/no/such/page');
  expect(res?.status()).toBe(200);
  await expect(page.locator('#root')).not.toBeEmpty();
});
