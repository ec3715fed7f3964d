import { createHash } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { buildSubmission } from '@/integrations/evidence/submission.ts';
import { canonicalJson } from '@/shared/evidence/canonical-json.ts';
import { publicKeyId } from '@/shared/evidence/signature.ts';
import { expectNoSeriousA11yViolations } from './support/accessibility';
import { gotoPage } from './support/goto-page';

/*
 * The archive and detail pages against the real server for the empty and not-found states, and
 * with the evidence endpoints answered by the test (page.route) for the filled states it needs
 * exactly (paging, an unavailable post). evidence-flow.spec.ts makes a real fingerprint through
 * the agent; it runs after this file, whose first test needs the archive empty.
 */

const record = {
  tweetId: '1900000000000000001',
  text: '<b>Bridge</b> opens Monday',
  author: 'carol',
};
const contentHash = createHash('sha256').update(canonicalJson(record)).digest('hex');
// The archive's signing key in these answers, published by the routed keys endpoint.
const signingKey = createHash('sha256').update('e2e evidence signer').digest('hex');
const { submission, hash: fingerprintHash } = buildSubmission({
  orgId: '00000000-0000-4000-8000-00000000e0a1',
  tenantId: '00000000-0000-4000-8000-00000000e0a2',
  eventId: 'e2e-event-1',
  documentId: `x:${record.tweetId}`,
  documentRef: contentHash,
  timestamp: new Date('2026-11-23T20:00:00.000Z'),
  privateKeyHex: signingKey,
  tags: { platform: 'x', tweet_id: record.tweetId, author_username: 'carol' },
});
const entry = (n: number) => ({
  uuid: `00000000-0000-4000-8000-00000000000${n}`,
  tweetId: `190000000000000000${n}`,
  tweetContent: n === 1 ? '<b>Bridge</b> opens Monday' : `@dave statement ${n}`,
  tweetType: 'original_tweet',
  platform: 'twitter',
  username: 'alice',
  createdAt: '2026-11-23T20:00:00.000Z',
  fingerprintHash: n === 1 ? fingerprintHash : `${n}`.repeat(64),
  fingerprintUrl: `https://evidence.example/fingerprint/${n}`,
  contentHash,
  metadata: { metadata: { tags: n === 1 ? { author_username: 'carol' } : {} } },
});

async function answerEvidence(page: Page, opts: { available: boolean }) {
  const searches: (string | null)[] = [];
  await page.route(/\/api\/digital-evidence(\?.*)?$/, async (route) => {
    const url = new URL(route.request().url());
    searches.push(url.searchParams.get('search'));
    const cursor = url.searchParams.get('cursor');
    await route.fulfill({
      json: cursor
        ? { total: 2, entries: [entry(2)], nextCursor: null }
        : { total: 2, entries: [entry(1)], nextCursor: 'c1' },
    });
  });
  await page.route(/\/api\/digital-evidence\/1900000000000000001$/, (route) =>
    route.fulfill({ json: { ...entry(1), submittedAt: null, record, submission } }),
  );
  await page.route(/\/api\/digital-evidence\/1900000000000000001\/proof$/, (route) =>
    route.fulfill({ json: { fingerprint: {}, proof: null, batch: null } }),
  );
  await page.route(/\/api\/digital-evidence\/keys$/, (route) =>
    route.fulfill({ json: { batchPublicKey: null, signerId: publicKeyId(signingKey) } }),
  );
  await page.route(/\/api\/tweet-status\/1900000000000000001$/, (route) =>
    route.fulfill({ json: { available: opts.available } }),
  );
  await page.route(/\/api\/tweet\/1900000000000000001$/, (route) =>
    route.fulfill({
      json: {
        data: {
          id: '1900000000000000001',
          text: 'Live <i>text</i>',
          createdAt: '2026-11-23T19:00:00.000Z',
          author: { id: '7', username: 'carol', name: 'Carol', profileImageUrl: null },
        },
      },
    }),
  );
  return searches;
}

test('the real archive: empty totals, and an unknown post is "Tweet Not Found" with a back link', async ({
  page,
}) => {
  await page.goto('/digital-evidence');
  await expect(page.getByRole('heading', { level: 1, name: 'Digital Evidence' })).toBeVisible();
  await expect(page.getByTestId('evidence-total')).toHaveText('0 posts fingerprinted');
  await expectNoSeriousA11yViolations(page);

  await page.goto('/digital-evidence/tweet/123456789');
  await expect(page.getByRole('heading', { name: 'Tweet Not Found' })).toBeVisible();
  await expect(
    page.getByText('The requested tweet could not be found in our digital evidence database.'),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Back to Digital Evidence' }).click();
  await expect(page).toHaveURL(/\/digital-evidence$/);
});

test('the nav link opens the archive', async ({ page }) => {
  await gotoPage(page, '/');
  await page
    .getByRole('navigation')
    .getByRole('link', { name: 'Digital Evidence' })
    .first()
    .click();
  await expect(page).toHaveURL(/\/digital-evidence$/);
  await expect(
    page.getByPlaceholder('Search by author, tweet ID, or fingerprint hash...'),
  ).toBeVisible();
});

test('search (debounced, trimmed), Load more, View Details, unavailable post, verify', async ({
  page,
}) => {
  const searches = await answerEvidence(page, { available: false });
  await page.goto('/digital-evidence');
  await expect(page.getByTestId('evidence-total')).toHaveText('2 posts fingerprinted');
  expect(searches[0]).toBeNull();
  // Text, never HTML.
  await expect(page.getByText('<b>Bridge</b> opens Monday')).toBeVisible();
  await expect(page.getByText('@carol', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Load more' }).click();
  await expect(page.getByTestId('evidence-entry')).toHaveCount(2);
  // No author tag: the leading @handle of the content.
  await expect(page.getByText('@dave', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);

  const box = page.getByPlaceholder('Search by author, tweet ID, or fingerprint hash...');
  await box.pressSequentially('  car', { delay: 20 });
  await box.pressSequentially('ol ', { delay: 20 });
  await expect.poll(() => searches.at(-1)).toBe('carol');
  // One request for the whole typed word, thanks to the 400 ms debounce.
  expect(searches.filter((s) => s !== null)).toEqual(['carol']);

  await page.getByRole('link', { name: 'View Details' }).first().click();
  await expect(page).toHaveURL(/\/digital-evidence\/tweet\/1900000000000000001$/);
  await expect(page.getByText('Tweet Unavailable')).toBeVisible();
  await expect(page.getByText(/fingerprinted\s+before those restrictions/)).toBeVisible();
  await expect(page.getByTestId('archived-post')).toContainText('<b>Bridge</b> opens Monday');
  await expect(page.getByTestId('content-hash')).toHaveText(contentHash);
  await expect(page.getByRole('link', { name: 'View fingerprint' })).toHaveAttribute(
    'href',
    'https://evidence.example/fingerprint/1',
  );
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('button', { name: 'Verify' }).click();
  const steps = page.getByTestId('verify-step');
  await expect(steps.first()).toContainText('✓ Passed Content hash matches the archived record');
  await expect(steps.nth(1)).toContainText('✓ Passed Signed submission names this post and record');
  await expect(steps.nth(3)).toContainText("✓ Passed Submission is signed by the archive's key");
  await expect(steps.nth(4)).toContainText('Not yet included in a batch');
});

test('a live post is rendered by our own component; the post link copy shows 6 s feedback', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await answerEvidence(page, { available: true });
  await page.clock.install();
  await page.goto('/digital-evidence/tweet/1900000000000000001');
  await expect(page.getByTestId('live-post')).toContainText('Live <i>text</i>');
  await expect(page.getByText('Tweet Unavailable')).toHaveCount(0);

  // The page's clock stands still from here (real time would eat into the 6 s on a slow machine).
  await page.clock.pauseAt(Date.now() + 1_000);
  await page.getByRole('button', { name: 'Copy post link' }).click();
  await expect(page.getByRole('button', { name: 'Link copied' })).toBeVisible({ timeout: 15_000 });
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
    'https://x.com/carol/status/1900000000000000001',
  );
  await page.clock.runFor(5_500);
  await expect(page.getByRole('button', { name: 'Link copied' })).toBeVisible();
  await page.clock.runFor(1_000);
  await expect(page.getByRole('button', { name: 'Copy post link' })).toBeVisible();
});

test('the verify panel shows a tampered archived text in red, naming the failed step', async ({
  page,
}) => {
  await answerEvidence(page, { available: false });
  // The archive now serves a record edited after it was hashed.
  await page.route(/\/api\/digital-evidence\/1900000000000000001$/, (route) =>
    route.fulfill({
      json: {
        ...entry(1),
        submittedAt: null,
        record: { ...record, text: 'Bridge opens Tuesday' },
        submission,
      },
    }),
  );
  await page.goto('/digital-evidence/tweet/1900000000000000001');
  await page.getByRole('button', { name: 'Verify' }).click();
  const first = page.getByTestId('verify-step').first();
  await expect(first).toContainText('✗ Failed Content hash matches the archived record');
  await expect(first.getByText('✗ Failed')).toHaveClass(/text-red-400/);
});
