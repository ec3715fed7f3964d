import { type APIRequestContext, expect, test } from '@playwright/test';
import { gotoPage } from './support/goto-page';
import {
  currentUser,
  expectAccessibleOnceRevealed,
  signInWithX,
  uniqueHandle,
} from './support/sign-in-with-x';

/** /leaderboard: tabs, countdown, the three cards, and a user's posts to the agent counted. */
test.setTimeout(90_000);

async function askAgent(request: APIRequestContext, username: string, text: string) {
  const res = await request.post('/sandbox/x/_admin/posts', { data: { username, text } });
  expect(res.status()).toBe(201);
  const { id } = (await res.json()) as { id: string };
  await expect
    .poll(
      async () => {
        const posts = (await (await request.get('/sandbox/x/_admin/posts?limit=200')).json()) as {
          inReplyToId: string | null;
        }[];
        return posts.some((p) => p.inReplyToId === id);
      },
      { timeout: 30_000 },
    )
    .toBe(true);
}

test('monthly by default with a live countdown; mentions of the agent are counted', async ({
  page,
  request,
}) => {
  const handle = `lb_${Date.now().toString(36)}`;
  await askAgent(request, handle, "@UpsiderAgent what's my address");
  await askAgent(request, handle, '@UpsiderAgent balance');

  await gotoPage(page, '/leaderboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Leaderboard' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Monthly' })).toHaveAttribute('aria-selected', 'true');
  const countdown = page.getByTestId('month-countdown');
  await expect(countdown).toHaveText(/^\d+d \d\dh \d\dm \d\ds$/);
  const first = await countdown.textContent();
  await expect(countdown).not.toHaveText(first!, { timeout: 3000 });
  await expect(
    page.getByText('Only active Premium subscribers are eligible for leaderboard rewards.'),
  ).toBeVisible();
  for (const name of ['Most Mentions', 'Most Sends', 'Most Fingerprints']) {
    await expect(page.getByRole('region', { name })).toBeVisible();
  }

  // Boards are recomputed in the background every 15 s: reload until this user's two show.
  const mentions = page.getByRole('region', { name: 'Most Mentions' });
  await expect
    .poll(
      async () => {
        await page.reload();
        return (
          (await mentions
            .getByRole('listitem')
            .filter({ hasText: `@${handle}` })
            .count()) > 0
        );
      },
      { timeout: 40_000, intervals: [2000] },
    )
    .toBe(true);
  await expect(mentions.getByRole('listitem').filter({ hasText: `@${handle}` })).toContainText('2');
  const share = mentions.getByRole('link', { name: 'Share on X' });
  const href = decodeURIComponent((await share.getAttribute('href'))!);
  expect(href).toContain('/intent/post?text=Most Mentions on Upsider (this month):');

  await page.getByRole('tab', { name: 'All-Time' }).click();
  await expect(page.getByRole('tab', { name: 'All-Time' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(page.getByTestId('month-countdown')).toHaveCount(0);
  await expectAccessibleOnceRevealed(page);
});

test("closing a month pays active premium users: 'Last month's rewards' and the winner's dashboard", async ({
  page,
}) => {
  const handle = uniqueHandle('e2e_win');
  await signInWithX(page, handle, '/dashboard');
  const me = await currentUser(page);
  await page.request.post('/sandbox/constellation/_admin/faucet', {
    data: { address: me.dagAddress, token: 'UP', tokens: '2000' },
  });
  await expect
    .poll(
      async () => {
        await page.request.post('/sandbox/constellation/_admin/snapshot');
        const body = await (await page.request.get('/api/auth/wallet-balances')).json();
        return Number(body.balances.constellation.up);
      },
      { timeout: 20_000 },
    )
    .toBeGreaterThan(1000);
  const quote = await (
    await page.request.post('/api/subscriptions/quote', {
      data: { tier: 'premium', durationMonths: 1 },
    })
  ).json();
  expect(
    (
      await page.request.post('/api/subscriptions/purchase', { data: { quoteId: quote.quoteId } })
    ).ok(),
  ).toBe(true);
  await askAgent(page.request, handle, '@UpsiderAgent balance');

  const closed = await page.request.post('/sandbox/rewards/_admin/close-month', { data: {} });
  expect(closed.ok(), await closed.text()).toBe(true);

  await gotoPage(page, '/leaderboard');
  const rewards = page.getByRole('region', { name: "Last month's rewards" });
  await expect(rewards).toContainText(`@${handle}`);
  await expect(rewards).toContainText(/[\d,]+\.\d\d UP/);
  await gotoPage(page, '/dashboard');
  await expect(page.getByRole('region', { name: 'Leaderboard Rewards' })).toContainText(/rank \d+/);
});

test("the countdown reaches the month's end and says a new month starts soon", async ({ page }) => {
  // A fake clock in the page, ten seconds before a UTC month ends.
  await page.clock.install({ time: new Date('2026-11-30T23:59:50Z') });
  await gotoPage(page, '/leaderboard');
  const countdown = page.getByTestId('month-countdown');
  await expect(countdown).toHaveText(/^0d 00h 00m (0\d|10)s$/);
  await page.clock.runFor(15_000);
  await expect(countdown).toHaveText('New month starts soon!');
});
