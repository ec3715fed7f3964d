import { expect, test } from '@playwright/test';
import { gotoPage } from './support/goto-page';
import { fundSignedInUser } from './support/local-agent';
import {
  currentUser,
  expectAccessibleOnceRevealed,
  signInWithoutBrowser,
  signInWithX,
  uniqueHandle,
} from './support/sign-in-with-x';

/** /premium: stats, the comparison, plans priced by the pricing call, buying one, the user list. */

test('a visitor sees the preview label, the comparison, prices from the pricing call and users', async ({
  page,
}) => {
  await gotoPage(page, '/premium');
  await expect(page.getByRole('heading', { level: 1, name: 'Premium' })).toBeVisible();
  await expect(page.getByText('Preview of upcoming features')).toBeVisible();
  const table = page.getByRole('table', { name: 'Free tier compared with Premium' });
  await expect(table.getByRole('row', { name: /Transfer fee/ })).toContainText('0.5%');
  // Every priced item is built: none is labelled as coming.
  for (const item of [/Video generation/, /Token analysis/, /Digital evidence/]) {
    await expect(table.getByRole('row', { name: item })).toContainText('free per day');
    await expect(table.getByRole('row', { name: item })).not.toContainText('Coming soon');
  }

  const pricing = await (await page.request.get('/api/subscription-pricing')).json();
  const yearly = pricing.plans.find(
    (p: { tier: string; durationMonths: number }) =>
      p.tier === 'premium' && p.durationMonths === 12,
  );
  const premium = page.getByRole('region', { name: 'Premium plans' });
  await expect(premium).toContainText(`$${yearly.priceUSD.toFixed(2)}`);
  await expect(premium).toContainText('50% off');
  await expect(page.getByRole('button', { name: /^Buy / })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Sign in with X' }).last()).toBeVisible();
  await expect(page.getByText('Active subscriptions')).toBeVisible();
  await expectAccessibleOnceRevealed(page);
});

test('a signed-in user buys Premium monthly in UP, then shows as subscribed in the list', async ({
  page,
}) => {
  const handle = uniqueHandle('e2e_buy');
  await signInWithX(page, handle, '/premium');
  const me = await currentUser(page);

  // No funds: the server's refusal is shown and nothing is bought.
  const premium = page.getByRole('region', { name: 'Premium plans' });
  await premium.getByRole('button', { name: 'Buy Premium monthly' }).click();
  await premium.getByRole('button', { name: 'Get the UP price' }).click();
  await expect(premium.getByText(/^Pay [\d,.]+ UP/)).toBeVisible();
  await premium.getByRole('button', { name: 'Confirm payment' }).click();
  await expect(premium.getByRole('alert')).toContainText(/not enough|insufficient/i);

  await fundSignedInUser(page, me.dagAddress!, '5000');
  await premium.getByRole('button', { name: 'Cancel' }).click();
  await premium.getByRole('button', { name: 'Buy Premium monthly' }).click();
  await premium.getByRole('button', { name: 'Get the UP price' }).click();
  await premium.getByRole('button', { name: 'Confirm payment' }).click();
  await expect(premium.getByRole('status')).toContainText('Premium monthly is yours until');

  const subscription = await (await page.request.get('/api/auth/subscription')).json();
  expect(subscription).toMatchObject({ hasSubscription: true, tier: 'premium' });

  await page.getByRole('searchbox', { name: 'Search by username' }).fill(handle);
  await page.getByRole('searchbox', { name: 'Search by username' }).press('Enter');
  const row = page.getByRole('list', { name: 'Users' }).getByRole('listitem');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(`@${handle}`);
  await expect(row).toContainText('premium');
  await expect(row).toContainText(/\d+d left/);
  const short = `${me.dagAddress!.slice(0, 12)}...${me.dagAddress!.slice(-6)}`;
  await expect(row).toContainText(short);
});

test('a signed-in user buys a plan from the dashboard card; the card then shows it', async ({
  page,
}) => {
  const handle = uniqueHandle('e2e_dashbuy');
  await signInWithX(page, handle, '/dashboard');
  const me = await currentUser(page);
  await fundSignedInUser(page, me.dagAddress!, '5000');

  const card = page.getByRole('region', { name: 'Subscription Status', exact: true });
  await expect(card).toContainText('Free Tier');
  const premium = card.getByRole('region', { name: 'Premium plans' });
  await premium.getByRole('button', { name: 'Buy Premium monthly' }).click();
  await premium.getByRole('button', { name: 'Get the UP price' }).click();
  await expect(premium.getByText(/^Pay [\d,.]+ UP/)).toBeVisible();
  await premium.getByRole('button', { name: 'Confirm payment' }).click();

  // The purchase refetches the subscription: the card switches to the active plan.
  await expect(card).toContainText('Active Subscription');
  await expect(card).not.toContainText('Free Tier');
  await expect(card.getByText('premium', { exact: true })).toBeVisible();
  await expect(card).toContainText('1 month');
  expect(await (await page.request.get('/api/auth/subscription')).json()).toMatchObject({
    hasSubscription: true,
    tier: 'premium',
  });
  // A subscriber extends through the same picker.
  await card.getByRole('button', { name: 'Extend your plan' }).click();
  await expect(card.getByRole('button', { name: 'Buy Premium yearly' })).toBeVisible();
});

test('searching by wallet finds the user; a search with no match says so', async ({ page }) => {
  const handle = uniqueHandle('e2e_wsearch');
  await signInWithX(page, handle, '/premium');
  const me = await currentUser(page);
  const wallet = page.getByRole('searchbox', { name: 'Search by wallet address' });
  await wallet.fill(`  ${me.dagAddress!.slice(-10)}  `);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  // The previous list stays on screen while the search loads (placeholder data): wait for the
  // one match instead of reading whichever list is there at the moment of the click.
  const rows = page.getByRole('list', { name: 'Users' }).getByRole('listitem');
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText(`@${handle}`);
  await wallet.fill('DAGnobodyhasthis');
  await wallet.press('Enter');
  await expect(page.getByText('No users found.')).toBeVisible();
});

test('Load More fetches the next 50 users and says how many remain', async ({ page, baseURL }) => {
  const total = async () =>
    (await (await page.request.get('/api/premium-users?limit=50')).json()).total as number;
  for (let have = await total(); have <= 60; have++) {
    await signInWithoutBrowser(baseURL!, uniqueHandle('e2e_many'));
  }
  const all = await total();
  // First visit after the sign-ins: the list (cached 10 s by browsers) is read fresh.
  await gotoPage(page, '/premium');
  const rows = page.getByRole('list', { name: 'Users' }).getByRole('listitem');
  await expect(rows).toHaveCount(50);
  const more = page.getByRole('button', { name: /^Load More/ });
  await expect(more).toHaveText(`Load More (${all - 50} remaining)`);
  await more.click();
  await expect(rows).toHaveCount(Math.min(100, all));
  if (all <= 100) await expect(more).toHaveCount(0);
  else await expect(more).toHaveText(`Load More (${all - 100} remaining)`);
});
