import { expect, type Page, test } from '@playwright/test';
import { fundSignedInUser, postOnX, replyTo } from './support/local-agent';
import { waitForPageData } from './support/page-data';
import { currentUser, signInWithX, uniqueHandle } from './support/sign-in-with-x';

/**
 * Every page on a 390 px phone: nothing wider than the screen (long addresses, receipt URLs and
 * hashes wrap), and every page has its own browser title.
 */
const PAGES: [string, string][] = [
  ['/', 'Upsider'],
  ['/how-it-works', 'How it works — Upsider'],
  ['/dashboard', 'Dashboard — Upsider'],
  ['/console', 'Console — Upsider'],
  ['/settings', 'Settings — Upsider'],
  ['/authorize-twitter', 'Authorize X — Upsider'],
  ['/status', 'Agent status — Upsider'],
  ['/premium', 'Premium — Upsider'],
  ['/leaderboard', 'Leaderboard — Upsider'],
  ['/rewards', 'Rewards — Upsider'],
  ['/polymarket', 'Portfolio — Upsider'],
  ['/digital-evidence', 'Digital Evidence — Upsider'],
  ['/terms-of-service', 'Terms of Service — Upsider'],
  ['/privacy-policy', 'Privacy Policy — Upsider'],
];

async function expectNoHorizontalOverflow(page: Page, path: string) {
  // Measured as a visitor reads it: with its data, not its skeleton (decision 0080). Each caller
  // has already seen the page's own title or content, so its queries have started. /sandbox is
  // the local services' own HTML page: nothing loads after it.
  if (new URL(page.url()).pathname !== '/sandbox') await waitForPageData(page);
  const widest = await page.evaluate(() => {
    const vw = document.documentElement.clientWidth;
    const offenders = [...document.querySelectorAll('body *')]
      .filter((el) => el.getBoundingClientRect().right > vw + 1)
      .map((el) => `${el.tagName.toLowerCase()}.${String(el.className).slice(0, 60)}`);
    return { scroll: document.documentElement.scrollWidth, vw, offenders: offenders.slice(0, 5) };
  });
  expect(widest.offenders, `${path} overflows`).toEqual([]);
  expect(widest.scroll, `${path} scroll width`).toBeLessThanOrEqual(widest.vw);
}

/**
 * A record page's tab, once the record has loaded, says what the server's head says for crawlers
 * (issue 43 §4): the record's own title, not the route's generic one.
 */
async function expectServerHeadTitle(page: Page, expected: string | RegExp) {
  // A record that moves on (a send confirming) can change between the page's load and the
  // head's read: then the page is loaded again and both are read again, until they agree.
  let attempt = 0;
  await expect(async () => {
    if (attempt++ > 0) await page.reload();
    const html = await (await page.request.get(page.url())).text();
    const head = /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '';
    const decoded = head
      .replace(/&#39;/g, "'")
      .replace(/&quot;/g, '"')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');
    expect(decoded).toMatch(expected);
    await expect(page).toHaveTitle(decoded, { timeout: 5_000 });
  }).toPass({ timeout: 30_000 });
}

test.use({ viewport: { width: 390, height: 844 } });

test('no page is wider than a 390 px phone, and each has its own title', async ({ page }) => {
  test.setTimeout(120_000); // eleven pages, each loaded and measured
  await signInWithX(page, uniqueHandle('e2e_narrow'), '/console');
  // Long content: an address answer and its receipt.
  await page.getByLabel('Command').fill("what's my address");
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByTestId('agent-answer').last()).toContainText('DAG');
  await expectNoHorizontalOverflow(page, '/console (with an answer)');
  await page.getByRole('link', { name: 'Receipt' }).last().click();
  await expect(page.getByRole('heading', { name: 'Receipt' })).toBeVisible();
  await expectServerHeadTitle(page, /^Receipt: .+ — Upsider$/);
  await expectNoHorizontalOverflow(page, page.url());

  for (const [path, title] of PAGES) {
    await page.goto(path);
    await expect(page).toHaveTitle(title);
    await expectNoHorizontalOverflow(page, path);
  }
});

test('pages the agent makes fit a 390 px phone too: a send receipt, an analysis, evidence, /sandbox', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const handle = uniqueHandle('e2e_narrow');
  await signInWithX(page, handle, '/console');
  const me = await currentUser(page);
  await fundSignedInUser(page, me.dagAddress!, '200');

  // A send: its receipt carries transaction hashes and explorer URLs, the longest strings we show.
  await page.getByLabel('Command').fill('send 1 UP to @bob');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByTestId('agent-answer').last()).toContainText('Sent 1.00 UP to @bob');
  await expectNoHorizontalOverflow(page, '/console (with a send)');
  await page.getByRole('link', { name: 'Receipt' }).last().click();
  await expect(page.getByRole('heading', { name: 'Receipt' })).toBeVisible();
  // The transfer's hash is listed, cut short, once it is submitted (the page reads it on load).
  await expect(async () => {
    await page.reload();
    await expect(page.getByText(/^[0-9a-f]{8}…[0-9a-f]{6}$/).first()).toBeVisible({
      timeout: 2000,
    });
  }).toPass({ timeout: 30_000 });
  await expectServerHeadTitle(page, /^Receipt: Sent 1(\.0+)? UP to @bob · \w+ — Upsider$/);
  await expectNoHorizontalOverflow(page, `send receipt ${page.url()}`);

  // An analysis asked on X.
  const analyze = await postOnX(page.request, handle, '@UpsiderAgent analyze $UP');
  const analysis = /\/analyses\/[0-9a-f-]{36}/.exec(
    (await replyTo(page.request, analyze.id, 40_000)).text,
  );
  expect(analysis).not.toBeNull();
  await page.goto(analysis![0]);
  await expect(page.getByText('Figures used')).toBeVisible();
  await expectServerHeadTitle(page, 'UP analysis — Upsider');
  await expectNoHorizontalOverflow(page, analysis![0]);

  // A post fingerprinted through the agent, anchored by a batch: hashes and proofs on its page.
  const target = await postOnX(
    page.request,
    uniqueHandle('e2e_src'),
    'Narrow screens, long hashes.',
  );
  const ask = await postOnX(page.request, handle, '@UpsiderAgent fingerprint this', target.id);
  expect((await replyTo(page.request, ask.id)).text).toContain(
    `/digital-evidence/tweet/${target.id}`,
  );
  await page.request.post('/sandbox/evidence/_admin/batch');
  await page.goto(`/digital-evidence/tweet/${target.id}`);
  await expect(page.getByTestId('content-hash')).toBeVisible();
  await expectServerHeadTitle(page, /^Evidence: .+ fingerprinted — Upsider$/);
  await expectNoHorizontalOverflow(page, `/digital-evidence/tweet/${target.id}`);

  // The sandbox's own HTML page.
  await page.goto('/sandbox');
  await expect(page).toHaveTitle('Sandbox — Upsider');
  await expectNoHorizontalOverflow(page, '/sandbox');
});
