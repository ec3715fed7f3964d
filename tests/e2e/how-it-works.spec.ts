import { expect, type Page, test } from '@playwright/test';
import {
  exampleText,
  HOW_IT_WORKS_EXAMPLES,
  START_COMMAND,
} from '@/shared/how-it-works-examples.ts';
import { postIntentUrl } from '@/shared/x-links.ts';
import { expectNoSeriousA11yViolations } from './support/accessibility.ts';
import { readAppConfig } from './support/app-config.ts';
import { gotoPage } from './support/goto-page';

const sendUp = HOW_IT_WORKS_EXAMPLES.find((e) => e.id === 'send-up')!;

/** The card of one example, found by its title. */
function exampleCard(page: Page, title: string) {
  return page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { level: 4, name: title, exact: true }) });
}

test.beforeEach(async ({ page }) => {
  await gotoPage(page, '/how-it-works');
  await expect(page.getByRole('heading', { level: 1, name: 'How it works' })).toBeVisible();
});

test('shows the command groups from the spec', async ({ page }) => {
  for (const name of [
    'Wallet Operations',
    'Token Analysis',
    'Digital Evidence',
    'Content Promotion',
  ]) {
    await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
  }
  for (const name of ['Check Balance', 'Send Tokens']) {
    await expect(page.getByRole('heading', { level: 3, name })).toBeVisible();
  }
});

test('services the agent does not offer yet are marked Coming soon, the others are not', async ({
  page,
}) => {
  const heading = (name: string) => page.getByRole('heading', { level: 2, name });
  await expect(heading('Token Analysis')).not.toContainText('Coming soon');
  await expect(heading('Content Promotion')).not.toContainText('Coming soon');
  await expect(page.getByRole('heading', { level: 3, name: /Video promotion/ })).not.toContainText(
    'Coming soon',
  );
  await expect(heading('Wallet Operations')).not.toContainText('Coming soon');
  await expect(heading('Digital Evidence')).not.toContainText('Coming soon');
});

test('every example is the exported command after the agent mention', async ({ page }) => {
  const { agentHandle } = await readAppConfig(page);
  const shown = await page.locator('li code').allTextContents();
  expect(shown).toEqual(HOW_IT_WORKS_EXAMPLES.map((e) => exampleText(e, agentHandle)));
});

test("a 'Post on X' link opens the post intent with the exact example text", async ({ page }) => {
  const config = await readAppConfig(page);
  const link = exampleCard(page, sendUp.title).getByRole('link', { name: /Post on X/ });
  await expect(link).toHaveAttribute(
    'href',
    postIntentUrl(config, `@${config.agentHandle} send 10 UP to @alice`),
  );
  await expect(link).toHaveAttribute('target', '_blank');
});

test("'Start on X' asks the agent for your address", async ({ page }) => {
  const config = await readAppConfig(page);
  await expect(page.getByRole('link', { name: 'Start on X' })).toHaveAttribute(
    'href',
    postIntentUrl(config, `@${config.agentHandle} ${START_COMMAND}`),
  );
});

test('the copy button copies the example and shows a check mark for 1.5 s', async ({
  page,
  context,
  baseURL,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  const { agentHandle } = await readAppConfig(page);
  const card = exampleCard(page, sendUp.title);
  const button = card.getByRole('button');
  await expect(button).toHaveAccessibleName(/^Copy/);
  await expect(card.locator('[data-icon="check"]')).toHaveCount(0);

  // Fake time from here on, so the 1.5 s is measured exactly.
  await page.clock.install();
  await page.clock.pauseAt(Date.now() + 1000);
  await button.click();
  await expect(button).toHaveAccessibleName('Copied');
  await expect(card.locator('[data-icon="check"]')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
    exampleText(sendUp, agentHandle),
  );

  await page.clock.runFor(1400);
  await expect(card.locator('[data-icon="check"]')).toBeVisible();
  await page.clock.runFor(200);
  await expect(card.locator('[data-icon="check"]')).toHaveCount(0);
  await expect(button).toHaveAccessibleName(/^Copy/);
});

test('has no serious or critical accessibility violation', async ({ page }) => {
  await expectNoSeriousA11yViolations(page);
});
