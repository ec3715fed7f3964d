import { expect, test } from '@playwright/test';
import type { AnalysisView } from '@/shared/analyses/contract';
import { gotoPage } from './support/goto-page';
import { overflowsOf } from './support/no-overflow';

/**
 * /analyses/{id} at 390 and 1366 px. The model's markdown renders (no literal `**`),
 * and long tokens (a 77-digit id, a wallet address, a URL, a code line) stay inside the card.
 */
const SHOTS = '/tmp/shots/pm-web';
const ID = '3f1c2a4e-5b6d-4e7f-8a9b-0c1d2e3f4a5b';
const LONG_ID = '38461045679252212594626385532706912750332728571942532289631379312455583992563';
const ADDRESS = 'DAG0y4eLqhhXUafeE3mgBstezPTnr8L3tZjAtMWB';

const analysis: AnalysisView = {
  id: ID,
  token: 'UP',
  requester: `a_very_long_requester_handle_${'x'.repeat(40)}`,
  requestPostId: '1862345678901234567',
  figures: {
    token: 'UP',
    totalSupplyUp: 1_000_000_000,
    holders: [
      {
        network: 'constellation',
        holders: 1234,
        circulating: 812_345_678.12,
        top10Percent: 41.27,
        asOf: '2026-11-27T07:00:00Z',
      },
    ],
    transfers24h: { count: 14, volume: '2076.98837877' },
    price: { usd: 0.01234, change24hPercent: -3.2, asOf: '2026-11-27T07:00:00Z' },
    mentions24h: 9,
    gatheredAt: '2026-11-27T07:00:00Z',
  },
  text: `## **Holders are spread out**\n\nThe largest wallet \`${ADDRESS}${ADDRESS}\` holds **4.1%**; asset ${LONG_ID} trades on https://example.org/a/very/long/path/${LONG_ID}.\n\n- **Price**: $0.01234, *down 3.2%* in 24 h\n- __Volume__: 2,076.99 UP\n\n\`\`\`\nholders(${LONG_ID}) = 1234\n\`\`\``,
  model: 'local-sandbox-model',
  sandbox: true,
  createdAt: '2026-11-27T07:00:05Z',
};

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1366, height: 900 },
]) {
  test(`${viewport.width} px: an analysis renders its markdown and nothing runs out of its card`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await page.route(`**/api/analyses/${ID}`, (route) => route.fulfill({ json: analysis }));
    await gotoPage(page, `/analyses/${ID}`);
    const text = page.getByTestId('analysis-text');
    await expect(text.locator('strong').first()).toHaveText('Holders are spread out');
    const shown = (await text.textContent()) ?? '';
    expect(shown).not.toContain('**');
    expect(shown).not.toContain('__');
    expect(shown).not.toContain('```');
    const main = page.locator('main');
    for (const card of await main.locator('.rounded-xl, [class*="rounded"]').all()) {
      if (await card.isVisible()) expect(await overflowsOf(card)).toEqual([]);
    }
    expect(await overflowsOf(main)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/analysis-${viewport.width}.png`, fullPage: true });
  });
}
