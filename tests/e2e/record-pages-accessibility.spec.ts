import { expect, type Page, test } from '@playwright/test';
import { checkPage, viewport } from './support/check-page-accessibility';
import { gotoPage } from './support/goto-page';
import { askAgent, fundAddress, postOnX, replyTo, walletAddressOf } from './support/local-agent';

/**
 * Issue 43 §5: axe-core on the record pages (a receipt, an evidence record, an analysis) at 1366 and
 * 390 px, failing on any violation, on records made once through the agent on the local X. Its own
 * file, named to run after digital-evidence.spec.ts: the suite shares one server, and that spec
 * checks the archive while it is still empty.
 */
test.describe('record pages', () => {
  const records = { receipt: '', evidence: '', analysis: '' };

  // One funded account on the local X asks the agent for a send, a fingerprint and an analysis.
  // Run again in a fresh worker after a failed case: new accounts each time (the local X, as X,
  // refuses an account's duplicate post).
  test.beforeAll(async ({ playwright }, info) => {
    const user = `a11y_${Date.now().toString(36)}`;
    info.setTimeout(150_000);
    const request = await playwright.request.newContext({ baseURL: info.project.use.baseURL });
    const address = await walletAddressOf(request, user, 40_000);
    await fundAddress(request, address, '200');

    // A command's receipt lives at /receipts/{the command post's id}.
    const send = await postOnX(request, user, '@UpsiderAgent send 2 UP to @bob');
    expect((await replyTo(request, send.id, 40_000)).text).toMatch(/^Sent 2\.00 UP to bob/);
    records.receipt = `/receipts/${send.id}`;

    const target = await postOnX(request, `${user}_t`, 'Doors open at nine. Bring a friend.');
    const asked = await postOnX(request, user, '@UpsiderAgent fingerprint this', target.id);
    await replyTo(request, asked.id, 40_000);
    records.evidence = `/digital-evidence/tweet/${target.id}`;
    // Batched, then committed: the page shows its anchoring snapshot (decision 0051).
    await request.post('/sandbox/evidence/_admin/batch');
    await request.post('/sandbox/evidence/_admin/batch');

    const analysis = await askAgent(request, user, '@UpsiderAgent analyze $UP', 40_000);
    const found = /\/analyses\/[0-9a-f-]{36}/.exec(analysis.text);
    expect(found, analysis.text).not.toBeNull();
    records.analysis = found![0];
    await request.dispose();
  });

  // A part of each page that exists only once its record has loaded.
  const LOADED = {
    receipt: (page: Page) => page.getByTestId('receipt-result'),
    evidence: (page: Page) => page.getByTestId('fingerprint-hash'),
    analysis: (page: Page) => page.getByRole('main').locator('time'),
  };
  for (const width of [1366, 390]) {
    for (const kind of ['receipt', 'evidence', 'analysis'] as const) {
      test(`axe finds no violation on the ${kind} page at ${width} px`, async ({ page }) => {
        await page.setViewportSize(viewport(width));
        await gotoPage(page, records[kind]);
        await checkPage(page, width, records[kind], LOADED[kind](page));
      });
    }
  }
});
