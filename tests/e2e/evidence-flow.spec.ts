import { type APIRequestContext, expect, test } from '@playwright/test';
import { PDFDocument } from 'pdf-lib';

/**
 * Issue 14 end to end through the product itself: a post on the local X, a reply asking the
 * agent to fingerprint it (paid from the requester's funded wallet), the archive, the detail
 * page's verification, and the PDF certificate.
 */
test.setTimeout(90_000);

interface LocalPost {
  id: string;
  text: string;
  inReplyToId: string | null;
}

async function post(
  request: APIRequestContext,
  username: string,
  text: string,
  inReplyToId?: string,
) {
  const res = await request.post('/sandbox/x/_admin/posts', {
    data: { username, text, inReplyToId },
  });
  expect(res.status()).toBe(201);
  return (await res.json()) as LocalPost;
}

async function replyTo(request: APIRequestContext, id: string): Promise<LocalPost> {
  let reply: LocalPost | undefined;
  await expect
    .poll(
      async () => {
        const posts = (await (
          await request.get('/sandbox/x/_admin/posts?limit=200')
        ).json()) as LocalPost[];
        reply = posts.find((p) => p.inReplyToId === id);
        return reply !== undefined;
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  return reply!;
}

test('fingerprint a post through the agent, find it, verify it and download its certificate', async ({
  page,
  request,
}) => {
  const ask = await post(request, 'eve_e2e', "@UpsiderAgent what's my address");
  const address = /DAG\d[1-9A-HJ-NP-Za-km-z]{36}/.exec((await replyTo(request, ask.id)).text)![0];
  const funded = await request.post('/sandbox/constellation/_admin/faucet', {
    data: { address, token: 'UP', tokens: '100' },
  });
  expect(funded.ok()).toBe(true);
  await expect
    .poll(
      async () =>
        (
          await (
            await request.get(`/sandbox/constellation/up-l0/currency/${address}/balance`)
          ).json()
        ).balance,
      { timeout: 20_000 },
    )
    .toBeGreaterThan(0);

  const target = await post(
    request,
    'frank_e2e',
    'Launch moved to the 30th. Same time, same place.',
  );
  const fingerprint = await post(request, 'eve_e2e', '@UpsiderAgent fingerprint this', target.id);
  expect((await replyTo(request, fingerprint.id)).text).toContain(
    `/digital-evidence/tweet/${target.id}`,
  );
  await request.post('/sandbox/evidence/_admin/batch');

  await page.goto('/digital-evidence');
  await expect(page.getByText('Launch moved to the 30th. Same time, same place.')).toBeVisible();
  await page.getByRole('link', { name: 'View Details' }).first().click();
  await expect(page).toHaveURL(new RegExp(`/digital-evidence/tweet/${target.id}$`));
  await page.getByRole('button', { name: 'Verify' }).click();
  const steps = page.getByTestId('verify-step');
  await expect(steps).toHaveCount(3);
  for (let i = 0; i < 3; i++) await expect(steps.nth(i)).toContainText('✓ Passed');

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
