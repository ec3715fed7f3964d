import { expect, test } from '@playwright/test';
import { gotoPage } from './support/goto-page';
import { fundAddress, postOnX, replyTo, walletAddressOf } from './support/local-agent';

/**
 * Token analyses (decision 0019) end to end: a funded user asks the agent on the local X for an
 * analysis of $UP, the local LLM answers with markup a model could return, and the page
 * /analyses/{id} shows the figures and the text rendered inert.
 */
test.setTimeout(90_000);

test('an analysis asked on X opens at /analyses/{id}; a <script> in the model text is inert', async ({
  page,
  request,
}) => {
  const address = await walletAddressOf(request, 'ana_e2e', 40_000);
  await fundAddress(request, address, '100');

  const scripted = await request.post('/sandbox/llm/_admin/answer', {
    data: {
      json: {
        analysis:
          '**Holders are spread out.**\n\n<script>window.__pwned = true</script>\n\n<img src=x onerror="window.__pwned = true">\n\nSteady volume.',
      },
    },
  });
  expect(scripted.ok()).toBe(true);
  const analyze = await postOnX(request, 'ana_e2e', '@UpsiderAgent analyze $UP');
  const reply = (await replyTo(request, analyze.id, 40_000)).text;
  expect(reply).toMatch(/^Sandbox AI analysis of \$UP/);
  const path = /\/analyses\/[0-9a-f-]{36}/.exec(reply)![0];

  await gotoPage(page, path);
  // The tab names the record, as the served <title> does (src/shared/record-titles.ts).
  await expect(page).toHaveTitle('UP analysis — Upsider');
  await expect(page.getByRole('heading', { level: 1, name: 'Analysis of $UP' })).toBeVisible();
  await expect(page.getByTestId('analysis-sandbox')).toContainText('sandbox model');
  await expect(page.getByText('Figures used')).toBeVisible();
  await expect(page.getByText('Total supply')).toBeVisible();
  const text = page.getByTestId('analysis-text');
  await expect(text.locator('strong')).toHaveText('Holders are spread out.');
  await expect(text).toContainText('Steady volume.');
  await expect(text.locator('script')).toHaveCount(0);
  await expect(text.locator('img[onerror]')).toHaveCount(0);
  expect(await page.evaluate(() => (window as { __pwned?: boolean }).__pwned)).toBeUndefined();

  const missing = await request.get('/api/analyses/00000000-0000-0000-0000-000000000000');
  expect(missing.status()).toBe(404);
  expect((await missing.json()).error.code).toBe('analysis_not_found');
});
