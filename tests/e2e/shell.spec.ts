import { expect, type Page, type Request, type Route, test } from '@playwright/test';
import { readAppConfig } from './support/app-config';
import { gotoPage } from './support/goto-page';

/** The app shell: navigation bar, sign-in, user menu, mobile menu, footer, page views. */

const NAV = [
  ['Home', '/'],
  ['How It Works', '/how-it-works'],
  ['Digital Evidence', '/digital-evidence'],
  ['Polymarket Bets', '/polymarket'],
  ['Premium', '/premium'],
  ['Leaderboard', '/leaderboard'],
] as const;

const USER = {
  username: 'alice_up',
  displayName: 'Alice Up',
  profileImageUrl: null,
  twitterId: '1234567890',
  createdAt: '2026-01-02T03:04:05.000Z',
  lastLoginAt: '2026-11-20T10:00:00.000Z',
};
const DAG_ADDRESS = 'DAG0y4eLqhhXUafeE3mgBstezPTnr8L3tZjAtMWB';

/** Answers /api/auth/me with a signed-in user (sign-in itself arrives in a later issue). */
async function signIn(page: Page, dagAddress: (route: Route) => Promise<void>) {
  await page.route('**/api/auth/me', (route) => route.fulfill({ json: USER }));
  await page.route('**/api/auth/dag-address', dagAddress);
}

test('an unknown path serves the home page with status 200', async ({ page }) => {
  const res = await page.goto('/no/such/page');
  expect(res?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your X handle is your wallet.');
  await expect(page.getByRole('contentinfo')).toBeVisible();
});

test('the navigation bar links every section and the external x402 site', async ({ page }) => {
  await gotoPage(page, '/');
  const config = await readAppConfig(page);
  const nav = page.getByRole('navigation', { name: 'Main' });
  for (const [label, href] of NAV) {
    await expect(nav.getByRole('link', { name: label, exact: true })).toHaveAttribute('href', href);
  }
  await expect(nav.getByRole('link', { name: 'Home', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
  const x402 = nav.getByRole('link', { name: /x402 Features/ });
  await expect(x402).toHaveAttribute('href', config.x402Url);
  await expect(x402).toHaveAttribute('target', '_blank');
  await expect(
    page.getByRole('banner').getByRole('link', { name: config.productName }),
  ).toHaveAttribute('href', '/');
});

test('the footer links the legal pages and the agent profile', async ({ page }) => {
  await gotoPage(page, '/');
  const config = await readAppConfig(page);
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute(
    'href',
    '/terms-of-service',
  );
  await expect(footer.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
    'href',
    '/privacy-policy',
  );
  await expect(footer.getByRole('link', { name: `@${config.agentHandle} on X` })).toHaveAttribute(
    'href',
    `${config.xWebUrl}/${config.agentHandle}`,
  );
  await expect(footer).toContainText(`© ${new Date().getFullYear()} ${config.productName}`);
});

test('sign-in is disabled while auth loads, then redirects with returnTo', async ({ page }) => {
  let releaseMe!: () => void;
  const meGate = new Promise<void>((resolve) => {
    releaseMe = resolve;
  });
  await page.route('**/api/auth/me', async (route) => {
    await meGate;
    await route.continue();
  });
  const loginRequests: { url: string; navigation: boolean }[] = [];
  // 204 No Content makes the browser drop the navigation and stay on the page, so we can look
  // at the button after the browser has asked for the sign-in URL.
  await page.route('**/api/auth/twitter/login**', async (route) => {
    const req = route.request();
    loginRequests.push({ url: req.url(), navigation: req.isNavigationRequest() });
    await route.fulfill({ status: 204 });
  });

  const pathAndQuery = '/no/such/page?tab=monthly&ref=%40friend';
  await page.goto(pathAndQuery);
  const button = page.getByRole('button', { name: 'Sign in with X' });
  await expect(button).toBeDisabled();
  releaseMe();
  await expect(button).toBeEnabled();

  await button.click();
  await expect.poll(() => loginRequests.length).toBe(1);
  const { url, navigation } = loginRequests[0]!;
  expect(navigation).toBe(true);
  expect(url).toContain(`/api/auth/twitter/login?returnTo=${encodeURIComponent(pathAndQuery)}`);
  expect(new URL(url).searchParams.get('returnTo')).toBe(pathAndQuery);

  const redirecting = page.getByRole('button', { name: 'Redirecting...' });
  await expect(redirecting).toBeDisabled();
  await expect(redirecting.locator('svg.animate-spin')).toBeVisible();
  await expect(page).toHaveURL(pathAndQuery);
});

test('signed in: the user menu shows the profile, the DAG address and the links', async ({
  page,
}) => {
  let releaseAddress!: () => void;
  const addressGate = new Promise<void>((resolve) => {
    releaseAddress = resolve;
  });
  await signIn(page, async (route) => {
    await addressGate;
    await route.fulfill({ json: { dagAddress: DAG_ADDRESS } });
  });
  await gotoPage(page, '/');
  const config = await readAppConfig(page);

  await expect(page.getByRole('button', { name: 'Sign in with X' })).toHaveCount(0);
  const trigger = page.getByRole('button', { name: 'Account menu' });
  await expect(trigger).toHaveText('A');
  await trigger.click();
  const menu = page.getByRole('menu');
  await expect(menu).toContainText('Alice Up');
  await expect(menu).toContainText('@alice_up');
  await expect(menu).toContainText('Loading address...');
  releaseAddress();
  const address = menu.getByRole('menuitem', { name: 'DAG0y4eL...jAtMWB' });
  await expect(address).toHaveAttribute('href', `${config.dagExplorerAddressUrl}${DAG_ADDRESS}`);
  await expect(address).toHaveAttribute('target', '_blank');
  await expect(menu.getByRole('menuitem', { name: 'Dashboard' })).toHaveAttribute(
    'href',
    '/dashboard',
  );
  await expect(menu.getByRole('menuitem', { name: 'Settings' })).toHaveAttribute(
    'href',
    '/settings',
  );
  await expect(menu.getByRole('menuitem', { name: 'View X Profile' })).toHaveAttribute(
    'href',
    `${config.xWebUrl}/alice_up`,
  );
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
});

test('signed in: a failed address lookup shows "No DAG address"', async ({ page }) => {
  await signIn(page, (route) => route.fulfill({ status: 500, body: 'down' }));
  await gotoPage(page, '/');
  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('menu')).toContainText('No DAG address');
});

test('log out: busy label, failure logged only, success goes to /', async ({ page }) => {
  await signIn(page, (route) => route.fulfill({ json: { dagAddress: null } }));
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  let logoutStatus = 500;
  let releaseLogout!: () => void;
  let logoutGate = new Promise<void>((resolve) => {
    releaseLogout = resolve;
  });
  await page.route('**/api/auth/logout', async (route) => {
    await logoutGate;
    await route.fulfill({ status: logoutStatus, json: { ok: logoutStatus === 200 } });
  });

  await page.goto('/no/such/page');
  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('menu')).toContainText('No DAG address');
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page.getByRole('menuitem', { name: 'Logging out...' })).toBeVisible();
  releaseLogout();
  await expect(page.getByRole('menuitem', { name: 'Log out' })).toBeVisible();
  expect(errors.some((e) => e.includes('Logout failed'))).toBe(true);

  logoutStatus = 200;
  logoutGate = Promise.resolve();
  await page.unroute('**/api/auth/me');
  await page.route('**/api/auth/me', (route) =>
    route.fulfill({ status: 401, json: { error: { code: 'unauthorized', message: 'x' } } }),
  );
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('button', { name: 'Sign in with X' })).toBeVisible();
});

test.describe('mobile', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the hamburger opens a full-screen menu that closes on a link click', async ({ page }) => {
    await gotoPage(page, '/');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    const toggle = page.getByRole('button', { name: 'Open menu' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();

    const menu = page.getByRole('navigation', { name: 'Mobile' });
    await expect(menu).toBeVisible();
    await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    const box = await menu.boundingBox();
    expect(box?.width).toBe(390);
    expect((box?.y ?? 0) + (box?.height ?? 0)).toBe(844);
    for (const [label] of NAV) await expect(menu.getByRole('link', { name: label })).toBeVisible();

    await menu.getByRole('link', { name: 'Premium' }).click();
    await expect(page).toHaveURL('/premium');
    await expect(menu).toBeHidden();
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible();
  });

  test('Escape closes the menu and returns focus to the toggle', async ({ page }) => {
    await gotoPage(page, '/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeHidden();
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();
  });
});

test('a page view is POSTed on load and on every route change', async ({ page }) => {
  const views: { path: string; referrer: string | null }[] = [];
  page.on('request', (req: Request) => {
    if (req.url().endsWith('/api/analytics/pageview') && req.method() === 'POST') {
      views.push(req.postDataJSON());
    }
  });
  const responses: number[] = [];
  page.on('response', (res) => {
    if (res.url().endsWith('/api/analytics/pageview')) responses.push(res.status());
  });

  await page.goto('/?utm_source=test');
  await expect.poll(() => views.map((v) => v.path)).toEqual(['/?utm_source=test']);
  expect(views[0]?.referrer).toBeNull();

  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Leaderboard' })
    .click();
  await expect(page).toHaveURL('/leaderboard');
  await expect.poll(() => views.map((v) => v.path)).toEqual(['/?utm_source=test', '/leaderboard']);
  await page.goBack();
  await expect.poll(() => views.length).toBe(3);
  expect(views[2]?.path).toBe('/?utm_source=test');
  await expect.poll(() => responses).toEqual([204, 204, 204]);
});
