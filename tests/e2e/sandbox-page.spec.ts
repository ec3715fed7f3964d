import { expect, test } from '@playwright/test';
import { currentUser, signInWithX, uniqueHandle } from './support/sign-in-with-x';

/**
 * /sandbox in a browser: the faucet and 'post as' forms, the agent answering on the local X, the
 * agent's status, and 'Sign in as' a sandbox user through the local X's consent screen.
 */
test.setTimeout(90_000);

test('fund a wallet and ask the agent from the sandbox page', async ({ page }) => {
  const handle = uniqueHandle('e2e_sbx');
  await signInWithX(page, handle, '/dashboard');
  const me = await currentUser(page);

  await page.goto('/sandbox');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('sandbox');
  await expect(page.getByRole('link', { name: 'Local X timeline' })).toHaveAttribute(
    'href',
    '/sandbox/x/home',
  );

  await page.getByLabel('Address').fill(me.dagAddress!);
  // Signed in, the page also offers "Use my address" (its own form, with its own Amount).
  await page.getByRole('form', { name: 'Faucet', exact: true }).getByLabel('Amount').fill('25');
  await page.getByRole('button', { name: 'Send from the faucet' }).click();
  await expect(page.getByRole('status')).toContainText(`Sent 25 UP to ${me.dagAddress}`);

  await page.getByLabel('Username').fill(handle);
  await page.getByLabel('Text').fill('@UpsiderAgent balance please');
  await page.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(page.getByRole('status')).toContainText(`Posted as @${handle}`);

  await expect
    .poll(
      async () => {
        await page.request.post('/sandbox/constellation/_admin/snapshot');
        const posts = (await (
          await page.request.get('/sandbox/x/_admin/posts?limit=200')
        ).json()) as {
          id: string;
          text: string;
          inReplyToId: string | null;
          author: { username: string };
        }[];
        const asked = posts.find((p) => p.author.username === handle);
        return posts.some(
          (p) => asked && p.inReplyToId === asked.id && p.text.startsWith('Your balance:'),
        );
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  await page.goto('/sandbox/x/home');
  await expect(page.getByText('balance please').first()).toBeVisible();
});

test('sign in as a sandbox user from the sandbox page', async ({ page }) => {
  await page.goto('/sandbox');
  await expect(page.getByRole('heading', { name: /^Agent @/ })).toBeVisible();
  await expect(page.getByText('Last read')).toBeVisible();
  await page.getByRole('button', { name: 'Sign in as @alice' }).click();
  // The local X's own consent screen, with the user already filled in.
  await expect(page.getByRole('button', { name: 'Authorize app' })).toBeVisible();
  await expect(page.getByLabel('Username')).toHaveValue('alice');
  await page.getByRole('button', { name: 'Authorize app' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
  expect((await currentUser(page)).username).toBe('alice');
});
