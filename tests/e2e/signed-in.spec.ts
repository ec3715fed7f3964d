import { expect, type Page, test } from '@playwright/test';
import { formatLongDate, formatLongDateTime } from '@/shared/format.ts';
import { readAppConfig } from './support/app-config';
import { gotoPage } from './support/goto-page';
import {
  answerConsent,
  currentUser,
  expectAccessibleOnceRevealed,
  signInWithX,
  uniqueHandle,
} from './support/sign-in-with-x';

/** Sign in with X through the local X, the user menu, /dashboard, /settings and logging out. */

const card = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

test('sign-in returns to the page it started on; the menu shows the user and DAG address', async ({
  page,
}) => {
  const handle = uniqueHandle('e2e_menu');
  await signInWithX(page, handle, '/how-it-works?x=1');
  await expect(page).toHaveURL(/\/how-it-works\?x=1$/);

  const me = await currentUser(page);
  expect(me.dagAddress).toMatch(/^DAG/);
  await page.getByRole('button', { name: 'Account menu' }).click();
  const menu = page.getByRole('menu');
  await expect(menu).toContainText(me.displayName);
  await expect(menu).toContainText(`@${handle}`);
  const short = `${me.dagAddress!.slice(0, 8)}...${me.dagAddress!.slice(-6)}`;
  await expect(menu.getByRole('menuitem', { name: short })).toBeVisible();
});

test('the dashboard asks to log in, then shows every card of the signed-in user', async ({
  page,
}) => {
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Please log in to view your dashboard',
  );
  await expect(page.getByRole('link', { name: 'Go Home' })).toHaveAttribute('href', '/');
  await expectAccessibleOnceRevealed(page);

  const handle = uniqueHandle('e2e_dash');
  await signInWithX(page, handle, '/dashboard');
  await expect(page).toHaveURL(/\/dashboard$/);
  const me = await currentUser(page);
  const config = await readAppConfig(page);

  // The first visit greets a new wallet (tests/e2e/activity.spec.ts); later ones welcome back.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    `Your wallet is ready, ${me.displayName}`,
  );
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    `Welcome back, ${me.displayName}!`,
  );
  await expect(page.getByText('Manage your profile and connected accounts')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Open the web console' })).toHaveAttribute(
    'href',
    '/console',
  );

  const subscription = card(page, 'Subscription Status');
  await expect(subscription).toContainText('Free Tier');
  await expect(subscription).toContainText('Upgrade to unlock premium features');
  await expect(subscription.getByRole('link', { name: 'View Premium Plans' })).toHaveAttribute(
    'href',
    '/premium',
  );

  const profile = card(page, 'X/Twitter Profile');
  await expect(profile).toContainText(me.displayName);
  await expect(profile).toContainText(`@${handle}`);
  const profileLink = profile.getByRole('link', { name: /View Profile on X/ });
  await expect(profileLink).toHaveAttribute('href', `${config.xWebUrl}/${handle}`);
  await expect(profileLink).toHaveAttribute('target', '_blank');

  const wallet = card(page, `${config.productName} Wallet`);
  await expect(wallet.getByTestId('wallet-address')).toHaveText(me.dagAddress!);
  await expect(wallet.getByRole('link', { name: /View on DAG Explorer/ })).toHaveAttribute(
    'href',
    `${config.dagExplorerAddressUrl}${me.dagAddress}`,
  );

  const balances = card(page, 'Wallet Balances');
  await expect(balances.getByRole('term')).toHaveText(['$DAG', '$UP', '$DOR']);
  await expect(balances.getByRole('definition')).toHaveText(['0.00', '0.00', '0.00']);

  const account = card(page, 'Account Information');
  await expect(account).toContainText(me.twitterId);
  await expect(account).toContainText(formatLongDate(me.createdAt)!);
  await expect(account).toContainText(formatLongDateTime(me.lastLoginAt)!);

  await expectAccessibleOnceRevealed(page);
});

test('the dashboard shows funded balances with two decimals and en-US grouping', async ({
  page,
}) => {
  await signInWithX(page, uniqueHandle('e2e_fund'), '/dashboard');
  const me = await currentUser(page);
  for (const [token, tokens] of [
    ['UP', '1234.5678'],
    ['DAG', '2.005'],
  ]) {
    const res = await page.request.post('/sandbox/constellation/_admin/faucet', {
      data: { address: me.dagAddress, token, tokens },
    });
    expect(res.ok(), await res.text()).toBe(true);
  }
  // The transfers count once a snapshot includes them (one is produced every few seconds).
  await expect
    .poll(
      async () => {
        await page.request.post('/sandbox/constellation/_admin/snapshot');
        const body = await (await page.request.get('/api/auth/wallet-balances')).json();
        return body.balances.constellation;
      },
      { timeout: 20_000 },
    )
    .toMatchObject({ up: '1234.5678', dag: '2.005' });

  await page.reload();
  const values = card(page, 'Wallet Balances').getByRole('definition');
  await expect(values).toHaveText(['2.01', '1,234.57', '0.00']);
});

test('linking a wallet on /settings checks the address, then saves it', async ({ page }) => {
  await page.goto('/settings');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Please log in to view your settings',
  );
  const handle = uniqueHandle('e2e_set');
  await signInWithX(page, handle, '/settings');
  const me = await currentUser(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Settings');
  await expect(card(page, 'X/Twitter Profile')).toContainText(`@${handle}`);
  await expect(card(page, 'Account Information')).toContainText(me.twitterId);

  const linked = card(page, 'Linked Wallet');
  await expect(linked).toContainText('No wallet linked yet');
  const input = linked.getByLabel('DAG wallet address');
  // Another check digit: the address no longer adds up.
  const digit = (Number(me.dagAddress![3]) + 1) % 9;
  const broken = `DAG${digit}${me.dagAddress!.slice(4)}`;
  await input.fill(broken);
  await linked.getByRole('button', { name: 'Link wallet' }).click();
  await expect(linked.getByRole('alert')).toContainText('Enter a valid DAG address');

  const sandbox = await (await page.request.get('/sandbox')).json();
  const own: string = sandbox.services.constellation.faucet.address;
  await input.fill(own);
  await linked.getByRole('button', { name: 'Link wallet' }).click();
  await expect(linked.getByTestId('linked-wallet-address')).toHaveText(own);
  await expect(page.getByText('Wallet linked', { exact: true })).toBeVisible();
  expect((await currentUser(page)) as unknown).toMatchObject({ linkedWalletAddress: own });
  await expectAccessibleOnceRevealed(page);
});

test('a returnTo pointing at another site ends on /', async ({ page }) => {
  await page.goto('/api/auth/twitter/login?returnTo=https://evil.example');
  await answerConsent(page, uniqueHandle('e2e_ret'));
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
  expect(new URL(page.url()).pathname).toBe('/');
  expect(new URL(page.url()).host).toBe(new URL(test.info().project.use.baseURL!).host);
});

test('cancelling on the consent screen shows the landing banner', async ({ page }) => {
  await gotoPage(page, '/how-it-works');
  await page.getByRole('banner').getByRole('button', { name: 'Sign in with X' }).click();
  await expect(page.getByRole('button', { name: 'Cancel' })).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/\?error=twitter_oauth_failed/);
  await expect(page.getByTestId('auth-error-banner')).toBeVisible();
  await expect(page.getByTestId('auth-error-banner')).not.toBeEmpty();
  await expect(
    page.getByRole('banner').getByRole('button', { name: 'Sign in with X' }),
  ).toBeVisible();
});

test('logging out returns to / signed out', async ({ page }) => {
  await signInWithX(page, uniqueHandle('e2e_out'), '/dashboard');
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(
    page.getByRole('banner').getByRole('button', { name: 'Sign in with X' }),
  ).toBeVisible();
  expect((await page.request.get('/api/auth/me')).status()).toBe(401);
  await page.goto('/dashboard');
  await expect(page.getByText('Please log in to view your dashboard')).toBeVisible();
});

test('the sandbox banner links the sandbox index and lists its services', async ({ page }) => {
  await gotoPage(page, '/');
  const config = await readAppConfig(page);
  expect(config.sandboxIndexUrl).toBeTruthy();
  const banner = page.getByRole('complementary', { name: 'Sandbox' });
  await expect(banner).toContainText('local simulators');
  await expect(banner.getByRole('link', { name: 'Sandbox index' })).toHaveAttribute(
    'href',
    config.sandboxIndexUrl!,
  );
  await banner.getByText('Local services').click();
  await expect(banner.getByRole('link', { name: 'x', exact: true })).toBeVisible();
  await expect(banner.getByRole('listitem').filter({ hasText: 'constellation' })).toContainText(
    '/sandbox/constellation',
  );
});
