import { expect, type Locator, type Page, test } from '@playwright/test';
import type { Position } from '@/shared/portfolio';
import { E2E_ANALYSES_KEY } from '../../playwright.config';
import { craftedBook, freezeSeededBook, serveBook } from './support/crafted-portfolio';
import { gotoPage } from './support/goto-page';
import { buyPlan, fundSignedInUser } from './support/local-agent';
import { overflowsOf } from './support/no-overflow';
import { currentUser, signInWithX, uniqueHandle } from './support/sign-in-with-x';

/**
 * A premium reader's /polymarket. Every analysis section is rendered markdown (no
 * literal `**`), nothing runs out of its card at 390 or 1366 px, a click anywhere on a row opens
 * it, and the value chart says what it shows.
 */
test.setTimeout(90_000);

const SHOTS = '/tmp/shots/pm-web';
const LONG_ID = '71321045679252212594626385532706912750332728571942532289631379312455583992563';
const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1366, height: 900 },
];

/** An analysis as a model writes it: markdown in every field, long ids and URLs in the text. */
const markdownAnalysis = (assetId: string) => ({
  overall_reasoning: `**Entry 41¢ against 55¢ now**: the market moved our way. The outcome token \`${assetId}\` trades thinly; see https://polymarket.com/event/will-the-federal-reserve-cut-rates-at-the-december-meeting-2026-${assetId}\n\n- *Edge* holds at **+4.2%**\n- Resolution in 34 days`,
  confidence: '**Medium** confidence: *the edge is small but steady*.',
  risk_assessment: `**Risk:** asset ${assetId} could settle early; a hot jobs print moves it ${'-'.repeat(3)}${assetId}.`,
  bet_size_reasoning: '**A quarter stake**, sized to the *edge*.',
  exit_reasoning: `**Sell above 70¢.**\n\n\`\`\`\nsell_if(price > 0.70 && token == "${assetId}")\n\`\`\``,
  evidence_bullish: '**Inflation cooled** two months running.',
  evidence_bearish: '**Wages** are still _hot_.',
});

const craftedPosition = (): Position => ({
  asset_id: LONG_ID,
  market_slug: 'fed-cut-december',
  market_question: `Will the Fed cut rates in December? (${LONG_ID})`,
  outcome: 'Yes',
  balance: 150,
  avg_entry_price: 0.41,
  current_price: 0.55,
  current_value: 82.5,
  cost_basis: 61.5,
  unrealized_pnl: 21,
  pnl_percent: 34.15,
  trade_count: { buys: 2, sells: 0 },
  ai_analysis: { ...markdownAnalysis(LONG_ID), ai_probability: 0.62, edge: 0.042 },
});

const rows = (page: Page) => page.getByRole('list', { name: 'Positions' }).locator(':scope > li');
const toggle = (row: Locator) => row.getByRole('button', { name: /(Expand|Collapse) position/ });

/** The expanded row reads as prose: no markdown marker is left as text, in any section. */
async function expectRendered(row: Locator) {
  const block = row.getByRole('heading', { name: 'AI Decision Analysis' }).locator('..');
  await expect(block).toBeVisible();
  for (const label of ['Confidence', 'Risk']) {
    await expect(block.getByText(label, { exact: true })).toBeVisible();
  }
  const text = await block.textContent();
  expect(text).not.toContain('**');
  expect(text).not.toContain('```');
  await expect(block.locator('strong').first()).toBeVisible();
  // Confidence and Risk are markdown too (they were shown raw).
  await expect(block.locator('dd strong').filter({ hasText: 'Medium' })).toBeVisible();
  await expect(block.locator('dd strong').filter({ hasText: 'Risk:' })).toBeVisible();
}

for (const viewport of VIEWPORTS) {
  test(`${viewport.width} px: an expanded analysis renders markdown everywhere and nothing overflows`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await serveBook(page, craftedBook({ positions: [craftedPosition()], fullAccess: true }));
    await gotoPage(page, '/polymarket');
    const row = rows(page).first();
    // A click on the row itself (its question), not on the chevron, opens it.
    await row.getByText('Will the Fed cut rates in December?', { exact: false }).click();
    await expect(toggle(row)).toHaveAttribute('aria-expanded', 'true');
    await expectRendered(row);
    // The token id is cut, with the whole id in its title.
    await expect(row.getByTitle(LONG_ID)).toHaveText(/^7132104567…$/);
    expect(await overflowsOf(row)).toEqual([]);
    await row.screenshot({ path: `${SHOTS}/expanded-${viewport.width}.png` });
  });
}

test('a click anywhere on a row opens and closes it, but not on its outside link; the keyboard uses the chevron', async ({
  page,
  context,
}) => {
  await context.route('https://polymarket.com/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>market</title>' }),
  );
  await serveBook(page, craftedBook({ positions: [craftedPosition()], fullAccess: true }));
  await gotoPage(page, '/polymarket');
  const row = rows(page).first();
  const chevron = toggle(row);
  await expect(chevron).toHaveAttribute('aria-expanded', 'false');

  await row.getByTestId('position-summary').getByText('$82.50', { exact: true }).click();
  await expect(chevron).toHaveAttribute('aria-expanded', 'true');
  await expect(row.getByRole('heading', { name: 'Position Details' })).toBeVisible();
  await row.getByTestId('position-summary').getByText('$82.50', { exact: true }).click();
  await expect(chevron).toHaveAttribute('aria-expanded', 'false');
  await expect(row.getByRole('heading', { name: 'Position Details' })).toHaveCount(0);

  const popup = page.waitForEvent('popup');
  await row.getByRole('link', { name: 'Open the market on the exchange' }).click();
  await (await popup).close();
  await expect(chevron).toHaveAttribute('aria-expanded', 'false');

  // The chevron is the row's one control: a toggle, not a double toggle, by mouse or keyboard.
  await chevron.click();
  await expect(chevron).toHaveAttribute('aria-expanded', 'true');
  await chevron.focus();
  await page.keyboard.press('Enter');
  await expect(chevron).toHaveAttribute('aria-expanded', 'false');
  await page.keyboard.press('Space');
  await expect(chevron).toHaveAttribute('aria-expanded', 'true');
  await expect(row.getByRole('heading', { name: 'Position Details' })).toBeVisible();
});

test('the value chart: its title says the span it shows, ticks differ, the legend shows the latest point', async ({
  page,
}) => {
  // Two minutes of history whose values differ by under a dollar: once both ticks read "$2.2K".
  const start = Date.parse('2026-11-27T07:40:00Z');
  const points = Array.from({ length: 25 }, (_, i) => ({
    at: new Date(start + i * 5000).toISOString(),
    currentValue: 2214.2 + (i % 5) * 0.2 + i * 0.01,
    totalInvested: 2000,
  }));
  const last = points[points.length - 1]!;
  await page.route('**/api/polymarket/value-history', (route) =>
    route.fulfill({ json: { points } }),
  );
  await gotoPage(page, '/polymarket');
  const chart = page.getByRole('figure', { name: /^Portfolio value from \$/ });
  await expect(chart.locator('canvas').first()).toBeVisible();
  await expect(chart.locator('figcaption')).toContainText('Portfolio value, last 2 minutes');
  await expect(chart).not.toContainText('30 days');

  const plot = chart.locator('.value-plot');
  await expect(plot).toHaveAttribute('data-y-ticks', /\|/);
  const ticks = (await plot.getAttribute('data-y-ticks'))!.split('|');
  expect(ticks.length).toBeGreaterThanOrEqual(2);
  expect(new Set(ticks).size, ticks.join(', ')).toBe(ticks.length);

  const legend = chart.getByTestId('chart-legend');
  const lastUsd = `$${last.currentValue.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
  await expect(legend).toHaveText(new RegExp(`^Latest · .+ · \\${lastUsd}$`));
  await expect(legend).not.toContainText('--');

  // Hovering the line shows that point instead; leaving shows the latest again.
  const over = chart.locator('.u-over');
  const box = (await over.boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.3, box.y + box.height / 2);
  await expect(legend).not.toContainText('Latest');
  await expect(legend).toHaveText(/^.+ · \$2,21\d\.\d\d$/);
  await page.mouse.move(0, 0);
  await expect(legend).toHaveText(new RegExp(`^Latest · .+ · \\${lastUsd}$`));
  await chart.screenshot({ path: `${SHOTS}/chart.png` });
});

test('a subscriber reads an analysis the bot posted: markdown rendered, no overflow at 390 px', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInWithX(page, uniqueHandle('e2e_pmread'), '/polymarket');
  const me = await currentUser(page);
  await fundSignedInUser(page, me.dagAddress!, '2000');
  await buyPlan(page, 'pro');

  const book = await (await request.get('/api/polymarket/portfolio')).json();
  const assetId: string = book.positions[1].asset_id;
  const posted = await request.post('/api/polymarket/analyses', {
    headers: { Authorization: `Bearer ${E2E_ANALYSES_KEY}` },
    data: { asset_id: assetId, ...markdownAnalysis(assetId), ai_probability: 0.62, edge: 0.042 },
  });
  expect(posted.status(), await posted.text()).toBe(201);

  const { firstRead } = await freezeSeededBook(page);
  await page.reload();
  const shown = await firstRead;
  const index = shown.positions.findIndex((p) => p.asset_id === assetId);
  const row = rows(page).nth(index);
  await row.locator('[data-testid="position-summary"] p').first().click();
  await expectRendered(row);
  expect(await overflowsOf(row)).toEqual([]);
  await row.screenshot({ path: `${SHOTS}/subscriber-390.png` });
});
