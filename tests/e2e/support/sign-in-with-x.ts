import { randomBytes } from 'node:crypto';
import { expect, type Page, request as playwrightRequest } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './accessibility';

/** A fresh X handle (at most 15 characters), so each test has its own account and wallet. */
export const uniqueHandle = (prefix: string) =>
  `${prefix}_${randomBytes(3).toString('hex')}`.slice(0, 15);

/** Answers the local X's consent screen the browser is on. */
export async function answerConsent(page: Page, username: string) {
  await expect(page.getByRole('button', { name: 'Authorize app' })).toBeVisible();
  await page.getByLabel('Username').fill(username);
  await page.getByRole('button', { name: 'Authorize app' }).click();
}

/**
 * Signs in the way a visitor does: 'Sign in with X' in the navigation bar on `fromPath`, the
 * local X's consent screen, and back. Waits until the page shows the user menu.
 */
export async function signInWithX(page: Page, username: string, fromPath = '/how-it-works') {
  await page.goto(fromPath);
  await page.getByRole('banner').getByRole('button', { name: 'Sign in with X' }).click();
  await answerConsent(page, username);
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
}

export interface MeBody {
  username: string;
  displayName: string;
  twitterId: string;
  createdAt: string;
  lastLoginAt: string;
  dagAddress: string | null;
}

/** GET /api/auth/me with the page's cookies. */
export async function currentUser(page: Page): Promise<MeBody> {
  const res = await page.request.get('/api/auth/me');
  expect(res.status()).toBe(200);
  return res.json();
}

/**
 * axe-core once the page has faded in: mid-fade text has too little contrast (pages fade
 * in after 200 ms), which is a property of the moment, not of the page.
 */
export async function expectAccessibleOnceRevealed(page: Page) {
  await page.waitForFunction(() => {
    const el = document.querySelector('.page-reveal');
    return el === null || getComputedStyle(el).opacity === '1';
  });
  await expectNoSeriousA11yViolations(page);
}

/**
 * Signs `username` in without a browser (the same OAuth round trip through the local X), for
 * tests that need many accounts to exist, not to be looked at.
 */
export async function signInWithoutBrowser(baseURL: string, username: string) {
  const ctx = await playwrightRequest.newContext({ baseURL });
  try {
    const consent = await ctx.get('/api/auth/twitter/login');
    const nonce = /name="nonce" value="([^"]+)"/.exec(await consent.text())?.[1];
    expect(nonce, 'the local X consent screen').toBeTruthy();
    const done = await ctx.post(new URL(consent.url()).pathname, {
      form: { nonce: nonce!, username, decision: 'allow' },
    });
    expect(done.ok()).toBe(true);
    expect((await ctx.get('/api/auth/me')).status()).toBe(200);
  } finally {
    await ctx.dispose();
  }
}
