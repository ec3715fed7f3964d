import { createHash, randomBytes } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/accessibility';

interface LocalX {
  clientId: string;
  authorizeUrl: string;
  redirectUris: string[];
}

async function localX(page: Page): Promise<LocalX> {
  const res = await page.request.get('/sandbox');
  return (await res.json()).services.x;
}

/** Opens the consent screen of the product's sandbox client. */
async function openConsent(page: Page, state: string) {
  const x = await localX(page);
  const verifier = randomBytes(32).toString('base64url');
  const query = new URLSearchParams({
    response_type: 'code',
    client_id: x.clientId,
    redirect_uri: x.redirectUris[0]!,
    scope: 'tweet.read tweet.write users.read offline.access',
    state,
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
  });
  await page.goto(`${x.authorizeUrl}?${query}`);
  return x;
}

test('the consent screen authorizes with a username and redirects with a code', async ({
  page,
}) => {
  const x = await openConsent(page, 'e2e-state-1');
  await expect(page.getByRole('heading', { level: 1 })).toContainText(
    'wants to access your X account',
  );
  await expectNoSeriousA11yViolations(page);
  await page.getByLabel('Username').fill('e2e_alice');
  // The product's callback handles the request afterwards: read the redirect itself.
  const callback = page.waitForRequest((r) => r.url().startsWith(x.redirectUris[0]!));
  await page.getByRole('button', { name: 'Authorize app' }).click();
  const url = new URL((await callback).url());
  expect(url.searchParams.get('state')).toBe('e2e-state-1');
  expect(url.searchParams.get('code')).toMatch(/^[A-Za-z0-9_-]{20,}$/);
});

test('Cancel on the consent screen redirects with error=access_denied', async ({ page }) => {
  const x = await openConsent(page, 'e2e-state-2');
  const callback = page.waitForRequest((r) => r.url().startsWith(x.redirectUris[0]!));
  await page.getByRole('button', { name: 'Cancel' }).click();
  const url = new URL((await callback).url());
  expect(url.searchParams.get('error')).toBe('access_denied');
  expect(url.searchParams.get('state')).toBe('e2e-state-2');
  expect(url.searchParams.get('code')).toBeNull();
});

test('the post intent signs in, posts, and the post shows on the timeline', async ({ page }) => {
  const text = `gm @UpsiderAgent ${randomBytes(4).toString('hex')}`;
  await page.goto('/sandbox/x/home');
  const signIn = page.getByRole('banner').getByRole('link', { name: 'Sign in' });
  const [color, background] = await signIn.evaluate((el) => {
    const style = getComputedStyle(el);
    return [style.color, style.backgroundColor];
  });
  expect(color).not.toBe(background);
  await expectNoSeriousA11yViolations(page);
  await page.goto(`/sandbox/x/intent/post?text=${encodeURIComponent(text)}`);
  await page.getByLabel('Username').fill('e2e_poster');
  await page.getByRole('button', { name: 'Next' }).click();
  const box = page.getByLabel('Post text');
  await expect(box).toHaveValue(text);
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(page).toHaveURL(/\/sandbox\/x\/home$/);
  const post = page.getByRole('article', { name: 'Post by @e2e_poster' }).first();
  await expect(post).toContainText(text);
  await expect(post.getByRole('link', { name: '@UpsiderAgent' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // The profile page ('View X Profile') lists the same post.
  await page.goto('/sandbox/x/e2e_poster');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('e2e_poster');
  await expect(page.getByText(text)).toBeVisible();
});
