import { expect, test } from '@playwright/test';
import { PDFDocument } from 'pdf-lib';
import { expectEmojiFontLoaded } from './support/emoji-font';
import { fundAddress, postOnX, replyTo, walletAddressOf } from './support/local-agent';

/**
 * Digital evidence end to end through the product itself: a post on the local X, a reply asking the
 * agent to fingerprint it (paid from the requester's funded wallet), the archive, the detail
 * page's verification, and the PDF certificate.
 */
test.setTimeout(90_000);

test('fingerprint a post through the agent, find it, verify it and download its certificate', async ({
  page,
  request,
}) => {
  const address = await walletAddressOf(request, 'eve_e2e');
  await fundAddress(request, address, '100');

  const target = await postOnX(
    request,
    'frank_e2e',
    'Launch moved to the 30th. Same time, same place. 🚀',
  );
  const fingerprint = await postOnX(
    request,
    'eve_e2e',
    '@UpsiderAgent fingerprint this',
    target.id,
  );
  expect((await replyTo(request, fingerprint.id)).text).toContain(
    `/digital-evidence/tweet/${target.id}`,
  );
  // Two rounds: batched, then finalized and committed into a global snapshot (decision 0051).
  await request.post('/sandbox/evidence/_admin/batch');
  await request.post('/sandbox/evidence/_admin/batch');

  await page.goto('/digital-evidence');
  await expect(page.getByText('Launch moved to the 30th. Same time, same place.')).toBeVisible();
  await expectEmojiFontLoaded(page);
  await page.getByRole('link', { name: 'View Details' }).first().click();
  await expect(page).toHaveURL(new RegExp(`/digital-evidence/tweet/${target.id}$`));
  await expect(page.getByText('Same time, same place. 🚀')).toBeVisible();
  await expectEmojiFontLoaded(page);
  // The committed batch's snapshot is a field of the page itself, before anyone clicks Verify.
  const anchoring = page.getByTestId('anchoring-snapshot');
  await expect(anchoring).toHaveText(/^Global snapshot \d+ \([0-9a-f]{64}\)$/);
  await page.getByRole('button', { name: 'Verify' }).click();
  const steps = page.getByTestId('verify-step');
  // Record, signed submission, signer, Merkle proof, the ledger anchor and the pinned batch key.
  await expect(steps).toHaveCount(7);
  for (let i = 0; i < 7; i++) await expect(steps.nth(i)).toContainText('✓ Passed');
  await expect(steps.nth(5)).toContainText(
    `Anchored in g${(await anchoring.textContent())!.slice(1)}`,
  );
  // Beside the steps: the record they verified, and the unsigned tags apart, marked unverified.
  const checked = page.getByTestId('verified-record');
  await expect(checked).toContainText('Same time, same place. 🚀');
  await expect(checked).toContainText(target.id);
  await expect(page.getByRole('region', { name: 'Unverified tags' }).first()).toContainText(
    'no signature covers them',
  );
  await page.getByTestId('verify-panel').screenshot({ path: 'test-results/verify-panel.png' });

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download certificate (PDF)' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`evidence-${target.id}.pdf`);
  const bytes = await (await import('node:fs/promises')).readFile((await download.path())!);
  const pdf = await PDFDocument.load(bytes);
  const contentHash = (await page.getByTestId('content-hash').textContent())!.trim();
  expect(pdf.getKeywords()).toContain(contentHash);
});
