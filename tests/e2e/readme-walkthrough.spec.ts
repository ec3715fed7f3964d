import { expect, type Page, test } from '@playwright/test';
import { answerConsent, currentUser, uniqueHandle } from './support/sign-in-with-x';

/**
 * The README's "Try it" steps, verbatim, in a browser on a fresh server (issue 10): sign in with X,
 * 'Start on X' asks the agent for the address on the local X, the faucet call exactly as written,
 * `send 5 UP to @bob`, then the receipt, the dashboard and /premium.
 */
test.setTimeout(120_000);

async function postOnLocalX(page: Page, intentUrl: string, username: string) {
  await page.goto(intentUrl);
  // The local X asks who is posting unless this browser is already signed in to it.
  const who = page.getByLabel('Username');
  await expect(who.or(page.getByLabel('Post text'))).toBeVisible();
  if (await who.isVisible()) {
    await who.fill(username);
    await page.getByRole('button', { name: 'Next' }).click();
  }
  await page.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(page).toHaveURL(/\/sandbox\/x\/home$/);
}

async function replyTo(page: Page, username: string, text: string) {
  let reply = '';
  let postId = '';
  await expect
    .poll(
      async () => {
        const posts = (await (
          await page.request.get('/sandbox/x/_admin/posts?limit=200')
        ).json()) as {
          id: string;
          text: string;
          inReplyToId: string | null;
          author: { username: string };
        }[];
        const asked = posts.find((p) => p.author.username === username && p.text.includes(text));
        const answer = asked && posts.find((p) => p.inReplyToId === asked.id);
        postId = asked?.id ?? '';
        reply = answer?.text ?? '';
        return reply !== '';
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  return { reply, postId };
}

test('README: sign in, Start on X, fund from the faucet, send 5 UP to @bob', async ({ page }) => {
  const handle = uniqueHandle('readme');
  // 1. Open the printed address and click Sign in with X; the local X asks for any username.
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Sign in with X' }).click();
  await answerConsent(page, handle);
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
  const me = await currentUser(page);

  // 2. Click Start on X and post "@UpsiderAgent what's my address" on the local X.
  const start = await page
    .getByRole('link', { name: /Start on X/ })
    .first()
    .getAttribute('href');
  await postOnLocalX(page, start!, handle);
  const address = await replyTo(page, handle, "what's my address");
  expect(address.reply).toContain(me.dagAddress!);

  // 3. Fund the wallet from the faucet, exactly as the README's body, then send 5 UP to @bob.
  const funded = await page.request.post('/sandbox/constellation/_admin/faucet', {
    data: { address: me.dagAddress, token: 'UP', tokens: '100' },
  });
  expect(funded.ok(), await funded.text()).toBe(true);
  await page.request.post('/sandbox/constellation/_admin/snapshot');
  const text = '@UpsiderAgent send 5 UP to @bob';
  await postOnLocalX(page, `/sandbox/x/intent/post?text=${encodeURIComponent(text)}`, handle);
  const sent = await replyTo(page, handle, 'send 5 UP to @bob');
  expect(sent.reply).toMatch(
    /^Sent 5\.00 UP to @bob \(fee 0\.025 UP\)\. Your balance: 94\.975 UP\./,
  );

  // Every command has a public receipt; the dashboard shows the balance.
  await page.goto(`/receipts/${sent.postId}`);
  await expect(page.getByText('send 5 UP to @bob').first()).toBeVisible();
  await page.goto('/dashboard');
  await expect(page.getByRole('region', { name: 'Wallet Balances' })).toContainText('94.98');
});
