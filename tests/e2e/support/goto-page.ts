import type { Page } from '@playwright/test';

/**
 * Opens a page and waits until the app has attached to it. Public pages arrive rendered by the
 * server (decision 0011): until hydration, their buttons are plain HTML and a click does nothing.
 */
export async function gotoPage(page: Page, path: string) {
  const res = await page.goto(path);
  await page.waitForFunction(() => document.documentElement.dataset.appReady === 'true');
  return res;
}
