import { randomBytes } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import {
  answerConsent,
  expectAccessibleOnceRevealed,
  signInWithX,
  uniqueHandle,
} from './support/sign-in-with-x';

/** /authorize-twitter: letting an outside project post on the local X for the user, and revoking. */

const REVOKE_CONFIRM =
  'Are you sure you want to revoke authorization? External projects will no longer be able to post on your behalf.';

const statusCard = (page: Page) => page.getByRole('region', { name: 'Authorization Status' });
const banner = (page: Page) => page.getByTestId('authorization-banner');

/** Registers an outside project through the sandbox's admin route (the CLI's service). */
async function createProject(page: Page, name: string) {
  const res = await page.request.post('/sandbox/_admin/projects', {
    data: { name, dailyCap: 5 },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: string; name: string; apiKey: string };
}

const postAsProject = (page: Page, apiKey: string, username: string, text: string) =>
  page.request.post('/api/external/v1/posts', {
    headers: { authorization: `Bearer ${apiKey}` },
    data: { username, text },
  });

test('signed out, the page asks to log in', async ({ page }) => {
  await page.goto('/authorize-twitter');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Please log in to manage authorizations',
  );
  await expectAccessibleOnceRevealed(page);
});

test('authorize, an allowed project posts for the user, revoke, and the same call is refused', async ({
  page,
}) => {
  // Sign-in, a post through the local X, a revoke and an axe scan: past 30 s on a loaded 2-core machine.
  test.setTimeout(90_000);
  const project = await createProject(page, `E2E Poster ${randomBytes(2).toString('hex')}`);
  const handle = uniqueHandle('e2e_auth');
  await signInWithX(page, handle, '/authorize-twitter');
  await expect(page).toHaveURL(/\/authorize-twitter$/);
  await expect(page.getByText(`Posting as @${handle}`)).toBeVisible();
  await expect(statusCard(page).getByTestId('authorization-state')).toHaveText('Not authorized');
  const howItWorks = page.getByRole('region', { name: 'How It Works' });
  await expect(howItWorks).toContainText('AES-256-CBC');
  await expect(howItWorks.getByRole('list', { name: 'Required scopes' })).toHaveText(
    /tweet\.read\s*tweet\.write\s*users\.read\s*offline\.access/,
  );
  await expectAccessibleOnceRevealed(page);

  // Sign-in asked to read only: Authorize takes the user to X's consent for posting, which
  // lists what is asked, and X brings them back.
  await statusCard(page).getByRole('button', { name: 'Authorize' }).click();
  await expect(
    page.getByText('Requested scopes: tweet.read, tweet.write, users.read, offline.access'),
  ).toBeVisible();
  await answerConsent(page, handle);
  await expect(page).toHaveURL(/\/authorize-twitter\?authorized=1$/);
  await expect(banner(page)).toHaveText(
    'Authorization successful! Your tokens have been stored securely.',
  );
  await expect(statusCard(page).getByTestId('authorization-state')).toHaveText('Authorized');
  await expect(statusCard(page)).toContainText('tweet.write');

  // Not yet allowed: the project is refused even though the user is authorized.
  const text = `Posted by an outside project ${randomBytes(4).toString('hex')}`;
  expect((await postAsProject(page, project.apiKey, handle, text)).status()).toBe(403);

  const projects = page.getByRole('region', { name: 'Allowed Projects' });
  await projects.getByRole('checkbox', { name: new RegExp(project.name) }).check();
  await projects.getByRole('button', { name: 'Save allowed projects' }).click();
  await expect(statusCard(page)).toContainText(project.name);

  const posted = await postAsProject(page, project.apiKey, handle, text);
  expect(posted.status(), await posted.text()).toBe(201);
  const onX = await (await page.request.get('/sandbox/x/_admin/posts')).json();
  expect(onX).toContainEqual(
    expect.objectContaining({ text, author: expect.objectContaining({ username: handle }) }),
  );

  await page.reload();
  const log = page.getByRole('region', { name: 'Posts Made for You' });
  await expect(log).toContainText(text);
  await expect(log).toContainText('posted');
  await expect(statusCard(page)).not.toContainText('Never');
  await expectAccessibleOnceRevealed(page);

  // Dismissing the confirmation changes nothing.
  page.once('dialog', (dialog) => dialog.dismiss());
  await statusCard(page).getByRole('button', { name: 'Revoke' }).click();
  await expect(statusCard(page).getByTestId('authorization-state')).toHaveText('Authorized');

  page.once('dialog', (dialog) => {
    expect(dialog.message()).toBe(REVOKE_CONFIRM);
    void dialog.accept();
  });
  await statusCard(page).getByRole('button', { name: 'Revoke' }).click();
  await expect(banner(page)).toHaveText('Authorization revoked successfully.');
  await expect(statusCard(page).getByTestId('authorization-state')).toHaveText('Not authorized');
  expect((await postAsProject(page, project.apiKey, handle, `${text} again`)).status()).toBe(403);
});

test('busy labels, server errors, network errors and a failing status read', async ({ page }) => {
  const handle = uniqueHandle('e2e_err');
  await signInWithX(page, handle, '/authorize-twitter');
  const authorize = statusCard(page).getByRole('button', { name: 'Authorize' });
  await expect(authorize).toBeEnabled();

  let release!: () => void;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/twitter/authorize-external', async (route) => {
    await gate;
    await route.fulfill({
      status: 400,
      json: { error: { code: 'reauthorization_required', message: 'Sign in with X again' } },
    });
  });
  await authorize.click();
  await expect(statusCard(page).getByRole('button', { name: 'Authorizing...' })).toBeDisabled();
  release();
  await expect(banner(page)).toHaveText('Sign in with X again');
  await expect(banner(page)).toHaveAttribute('role', 'alert');

  await page.unroute('**/api/twitter/authorize-external');
  await page.route('**/api/twitter/authorize-external', (route) =>
    route.fulfill({ status: 502, body: '<html>Bad Gateway</html>' }),
  );
  await authorize.click();
  await expect(banner(page)).toHaveText('Authorization failed');

  await page.unroute('**/api/twitter/authorize-external');
  await page.route('**/api/twitter/authorize-external', (route) => route.abort('failed'));
  await authorize.click();
  await expect(banner(page)).toHaveText('Network error occurred');

  // A status answer that is not OK reads as "not authorized", whatever the server holds.
  await page.unroute('**/api/twitter/authorize-external');
  await authorize.click();
  await answerConsent(page, handle);
  await expect(statusCard(page).getByTestId('authorization-state')).toHaveText('Authorized');
  await page.route('**/api/twitter/authorization-status', (route) =>
    route.fulfill({ status: 500, body: 'boom' }),
  );
  await page.reload();
  await expect(statusCard(page).getByTestId('authorization-state')).toHaveText('Not authorized');
  await expect(statusCard(page).getByRole('button', { name: 'Revoke' })).toBeDisabled();
});
