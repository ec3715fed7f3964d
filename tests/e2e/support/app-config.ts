import type { Page } from '@playwright/test';
import type { PublicConfig } from '@/shared/public-config.ts';

/** The public config the server embedded in the page (agent handle, X web URL...). */
export async function readAppConfig(page: Page): Promise<PublicConfig> {
  const json = await page.locator('#app-config').textContent();
  if (!json) throw new Error('the page has no #app-config block');
  return JSON.parse(json) as PublicConfig;
}
