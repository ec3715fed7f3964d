import fs from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { gotoPage } from './support/goto-page';
import { fundSignedInUser } from './support/local-agent';
import {
  currentUser,
  signInWithoutBrowser,
  signInWithX,
  uniqueHandle,
} from './support/sign-in-with-x';

/*
 * /premium shows who the users are on a phone, its introduction only explains 'Coming soon' when
 * something is, its stat card counts a purchase at once; the free dashboard's plans do not
 * stretch the cards beside them; and the search boxes of /premium and /digital-evidence keep
 * what is typed before the app starts (the dead second before hydration).
 */

const SHOTS = '/tmp/shots/premium-web';
fs.mkdirSync(SHOTS, { recursive: true });

/**
 * Holds every script of the app until `release()`, as a slow network or a busy machine does:
 * the server's HTML is on screen, the app has not started.
 */
async function holdScripts(page: Page) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/[^?]+\.js(\?.*)?$/, async (route) => {
    await gate;
    // A request the page dropped meanwhile (it navigated) cannot be continued.
    await route.continue().catch(() => {});
  });
  return release;
}

const appReady = (page: Page) =>
  page.waitForFunction(() => document.documentElement.dataset.appReady === 'true');

test.describe('the dead second: a search typed before the app starts is kept and run', () => {
  test('/digital-evidence: text and Enter before the app starts run the search', async ({
    page,
  }) => {
    const searches: string[] = [];
    page.on('request', (req) => {
      const url = new URL(req.url());
      if (url.pathname === '/api/digital-evidence')
        searches.push(url.searchParams.get('search') ?? '');
    });
    const release = await holdScripts(page);
    await page.goto('/digital-evidence', { waitUntil: 'commit' });
    const box = page.getByRole('searchbox', { name: 'Search the archive' });
    await expect(box).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.dataset.appReady)).toBeUndefined();
    await box.pressSequentially('alice');
    await box.press('Enter');
    // The browser's own submit: the search is in the address bar, the app still held.
    await expect(page).toHaveURL(/\/digital-evidence\?search=alice$/);
    release();
    await appReady(page);
    await expect(page.getByTestId('evidence-total')).toContainText('matching “alice”');
    await expect(box).toHaveValue('alice');
    expect(searches).toContain('alice');
  });

  test('/digital-evidence: text typed before the app starts, without Enter, is searched', async ({
    page,
  }) => {
    const release = await holdScripts(page);
    await page.goto('/digital-evidence', { waitUntil: 'commit' });
    const box = page.getByRole('searchbox', { name: 'Search the archive' });
    await box.pressSequentially('bob');
    release();
    await appReady(page);
    await expect(box).toHaveValue('bob');
    await expect(page.getByTestId('evidence-total')).toContainText('matching “bob”');
    await expect(page).toHaveURL(/\?search=bob$/);
    // Once live, the box searches as before (debounced) and clears back to the whole archive.
    await box.fill('');
    await expect(page.getByTestId('evidence-total')).not.toContainText('matching');
    await expect(page).toHaveURL(/\/digital-evidence$/);
  });

  test('/premium: a username typed and entered before the app starts finds the user', async ({
    page,
    baseURL,
  }) => {
    const handle = uniqueHandle('e2e_early');
    await signInWithoutBrowser(baseURL!, handle);
    const release = await holdScripts(page);
    await page.goto('/premium', { waitUntil: 'commit' });
    const box = page.getByRole('searchbox', { name: 'Search by username' });
    await expect(box).toBeVisible();
    await box.pressSequentially(handle);
    await box.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/premium\\?search=${handle}&wallet=$`));
    release();
    await appReady(page);
    const rows = page.getByRole('list', { name: 'Users' }).getByRole('listitem');
    await expect(rows).toHaveCount(1);
    await expect(rows).toContainText(`@${handle}`);
    await expect(box).toHaveValue(handle);
  });

  test('/premium: a username typed before the app starts is still there for Search', async ({
    page,
    baseURL,
  }) => {
    const handle = uniqueHandle('e2e_typed');
    await signInWithoutBrowser(baseURL!, handle);
    const release = await holdScripts(page);
    await page.goto('/premium', { waitUntil: 'commit' });
    const box = page.getByRole('searchbox', { name: 'Search by username' });
    await box.pressSequentially(handle);
    release();
    await appReady(page);
    await expect(box).toHaveValue(handle);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const rows = page.getByRole('list', { name: 'Users' }).getByRole('listitem');
    await expect(rows).toHaveCount(1);
    await expect(rows).toContainText(`@${handle}`);
    await expect(page).toHaveURL(new RegExp(`/premium\\?search=${handle}$`));
  });
});

test('/premium at 390 px shows every username in full', async ({ page, baseURL }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  // A 15-character handle, the longest X allows.
  const handle = uniqueHandle('e2e_u390');
  expect(handle).toHaveLength(15);
  await signInWithoutBrowser(baseURL!, handle);
  await gotoPage(page, '/premium');
  const list = page.getByRole('list', { name: 'Users' });
  await expect(list.getByRole('listitem').first()).toBeVisible();
  const names = await list.getByRole('listitem').evaluateAll((rows) =>
    rows.map((row) => {
      const name = row.firstElementChild as HTMLElement;
      return {
        text: name.textContent,
        shown: name.clientWidth,
        needed: name.scrollWidth,
        title: name.title,
      };
    }),
  );
  expect(names.length).toBeGreaterThan(0);
  for (const n of names) {
    expect(n.text).toMatch(/^@\w+$/);
    expect(n.needed, `${n.text} is cut`).toBeLessThanOrEqual(n.shown);
    expect(n.title).toBe(n.text);
  }
  await page.getByRole('searchbox', { name: 'Search by username' }).fill(handle);
  await page.getByRole('searchbox', { name: 'Search by username' }).press('Enter');
  const row = list.getByRole('listitem');
  await expect(row).toHaveCount(1);
  await expect(row.getByText(`@${handle}`, { exact: true })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search by username' }).fill('');
  await page.getByRole('searchbox', { name: 'Search by username' }).press('Enter');
  await expect(row.nth(1)).toBeVisible();
  await list.screenshot({ path: `${SHOTS}/premium-users-390.png` });
});

test('/premium says nothing of "Coming soon" while no service is marked so', async ({ page }) => {
  await gotoPage(page, '/premium');
  const table = page.getByRole('table', { name: 'Free tier compared with Premium' });
  await expect(table).toBeVisible();
  await expect(table.getByText('Coming soon')).toHaveCount(0);
  const intro = page.getByText('Premium subscribers pay no transfer fee');
  await expect(intro).toBeVisible();
  await expect(intro).not.toContainText(/coming soon/i);
});

test('a purchase on /premium counts at once in "Active subscriptions" and the user list', async ({
  page,
}) => {
  const handle = uniqueHandle('e2e_count');
  await signInWithX(page, handle, '/premium');
  const me = await currentUser(page);
  await fundSignedInUser(page, me.dagAddress!, '5000');
  // Fresh page: the stat card and the list were just fetched (the server lets them be cached 10 s).
  await gotoPage(page, '/premium');
  await page.getByRole('searchbox', { name: 'Search by username' }).fill(handle);
  await page.getByRole('searchbox', { name: 'Search by username' }).press('Enter');
  await expect(page.getByRole('list', { name: 'Users' }).getByRole('listitem')).toHaveCount(1);
  const stat = page.getByRole('definition').first();
  const before = (await (await page.request.get('/api/premium-users/stats')).json())
    .activeSubscriptions as number;
  await expect(stat).toHaveText(before.toLocaleString('en-US'));
  const row = page.getByRole('list', { name: 'Users' }).getByRole('listitem');
  await expect(row).toContainText('free');

  const premium = page.getByRole('region', { name: 'Premium plans' });
  await premium.getByRole('button', { name: 'Buy Premium monthly' }).click();
  await premium.getByRole('button', { name: 'Get the UP price' }).click();
  await premium.getByRole('button', { name: 'Confirm payment' }).click();
  await expect(premium.getByRole('status')).toContainText('Premium monthly is yours until');

  // No reload, no new search: both refresh by themselves, well before the 30 s polling.
  await expect(stat).toHaveText((before + 1).toLocaleString('en-US'), { timeout: 5_000 });
  await expect(row).toContainText('premium', { timeout: 5_000 });
});

for (const viewport of [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`${viewport.width} px: the free dashboard's plans do not stretch Profile and Wallet`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await signInWithX(page, uniqueHandle('e2e_dlay'), '/dashboard');
    const subscription = page.getByRole('region', { name: 'Subscription Status', exact: true });
    await expect(subscription).toContainText('Free Tier');
    await expect(subscription.getByRole('button', { name: 'Buy Premium yearly' })).toBeVisible();
    const profile = page.getByRole('region', { name: 'X/Twitter Profile' });
    const wallet = page.getByRole('region', { name: 'Upsider Wallet', exact: true });
    await expect(wallet).not.toContainText('Loading wallet...');
    for (const card of [profile, wallet]) {
      // A card's height is its content's (about 200 px), not the plan picker's (over 700 px).
      const box = (await card.boundingBox())!;
      expect(box.height).toBeLessThan(320);
    }
    await page.waitForFunction(() => {
      const el = document.querySelector('.page-reveal');
      return el === null || getComputedStyle(el).opacity === '1';
    });
    await page.screenshot({
      path: `${SHOTS}/dashboard-free-${viewport.width}.png`,
      fullPage: true,
    });
  });
}
