import { expect, type Locator, type Page, test } from '@playwright/test';
import { E2E_ANALYSES_KEY } from '../../playwright.config';
import {
  craftedBook,
  craftedPositions,
  freezeSeededBook,
  gatedPositions,
  PORTFOLIO_API,
  serveBook,
} from './support/crafted-portfolio';
import { gotoPage } from './support/goto-page';
import { buyPlan, fundSignedInUser } from './support/local-agent';
import {
  currentUser,
  expectAccessibleOnceRevealed,
  signInWithX,
  uniqueHandle,
} from './support/sign-in-with-x';

/** /polymarket: the bot's book from the local Polymarket, with the analysis gated on the server. */
test.setTimeout(90_000);

const rows = (page: Page) => page.getByRole('list', { name: 'Positions' }).locator(':scope > li');
const expandRow = async (row: Locator) => {
  await row.getByRole('button', { name: 'Expand position' }).click();
  return row;
};
const expand = (page: Page, index: number) => expandRow(rows(page).nth(index));
/** The position row of a market question ('Unknown Market' included). */
const rowOf = (page: Page, question: string) =>
  rows(page).filter({ has: page.getByText(question, { exact: true }) });
/** A collapsed row's price cell, by its (mobile) label: 'Entry' or 'Current'. */
const priceCell = (row: Locator, label: 'Entry' | 'Current') =>
  row.locator('p').filter({ hasText: new RegExp(`^${label} `) });
/** A labelled value (summary tile, detail card, analysis box): the dd beside its dt. */
const labelled = (scope: Locator, label: string) =>
  scope
    .locator('dl > div')
    .filter({ has: scope.page().getByText(label, { exact: true }) })
    .locator('dd')
    .first();
/** Green, red or neutral, read from the colour the browser paints (not from class names). */
const tone = (el: Locator) =>
  el.evaluate((node) => {
    const ctx = document.createElement('canvas').getContext('2d')!;
    ctx.fillStyle = getComputedStyle(node).color;
    ctx.fillRect(0, 0, 1, 1);
    const [r = 0, g = 0] = ctx.getImageData(0, 0, 1, 1).data;
    return Math.abs(g - r) < 40 ? 'neutral' : g > r ? 'green' : 'red';
  });
const exchangeLink = (row: Locator) =>
  row.getByRole('link', { name: 'Open the market on the exchange' });

test('a visitor sees the summary, positions, orders, the first analysis free and teasers after', async ({
  page,
}) => {
  await gotoPage(page, '/polymarket');
  await expect(page.getByRole('heading', { level: 1, name: 'Portfolio' })).toBeVisible();
  await expect(page.getByText('Track your positions and open orders')).toBeVisible();
  for (const tile of ['Total Invested', 'Current Value', 'Total P&L', 'Positions']) {
    await expect(page.getByText(tile, { exact: true }).first()).toBeVisible();
  }
  await expect(page.getByText('Showing positions with cost basis ≥ $1.00')).toBeVisible();
  // Total P&L is coloured by its sign (green from 0 up, red below), unlike the plain tiles.
  const tileValue = (label: string) =>
    page.locator('dl > div').filter({ hasText: label }).locator('dd').first();
  const colorOf = (label: string) => tileValue(label).evaluate((el) => getComputedStyle(el).color);
  expect(await colorOf('Total P&L')).not.toBe(await colorOf('Current Value'));
  await expect(page.getByText('AI Analysis Available')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Open Orders' })).toBeVisible();

  const first = await expand(page, 0);
  await expect(first.getByText('Free Preview - Full AI Analysis')).toBeVisible();
  await expect(first.getByText('Why I Bet:')).toBeVisible();
  await expect(first.getByText('Bullish Evidence (YES):')).toBeVisible();
  for (const card of ['Position Details', 'Market Info', 'Performance']) {
    await expect(first.getByRole('heading', { name: card })).toBeVisible();
  }

  const second = await expand(page, 1);
  await expect(second.getByText('Free Preview - Full AI Analysis')).toHaveCount(0);
  await expect(second.getByText('Bullish Evidence (YES):')).toHaveCount(0);
  const panel = second.getByRole('region', { name: 'Premium Feature' });
  await expect(panel).toContainText('Probability estimates and edge');
  await expect(panel.getByRole('button', { name: 'Sign in with X' })).toBeVisible();
  await expectAccessibleOnceRevealed(page);
});

test('the value chart loads its library on /polymarket only and draws the history', async ({
  page,
  request,
}) => {
  await expect
    .poll(
      async () => (await (await request.get('/api/polymarket/value-history')).json()).points.length,
      {
        timeout: 30_000,
      },
    )
    .toBeGreaterThanOrEqual(2);
  const chunks: string[] = [];
  page.on('request', (r) => chunks.push(r.url()));
  await gotoPage(page, '/');
  expect(chunks.some((u) => /value-plot/.test(u))).toBe(false);
  await gotoPage(page, '/polymarket');
  const chart = page.getByRole('figure', { name: /^Portfolio value from \$/ });
  await expect(chart.locator('canvas')).toBeVisible();
  // The title names the span the history covers (seconds here, a point every 5 s), not 30 days.
  await expect(chart.locator('figcaption')).toContainText(
    /Portfolio value, last \d+ (second|minute)s?/,
  );
  await expect(chart.getByTestId('chart-legend')).toContainText(/^Latest · /);
});

test('signed in without a plan: the calls to action lead to /premium', async ({ page }) => {
  await signInWithX(page, uniqueHandle('e2e_pm'), '/polymarket');
  const second = await expand(page, 1);
  const upgrade = second
    .getByRole('region', { name: 'Premium Feature' })
    .getByRole('link', { name: 'Upgrade to Premium' });
  await expect(upgrade).toHaveAttribute('href', '/premium');

  // A teaser cut short: its fade-out asks a signed-in reader to subscribe, not to sign in.
  await serveBook(page, craftedBook({ positions: gatedPositions() }));
  await page.reload();
  const cut = await expand(page, 1);
  await expect(cut.getByRole('link', { name: 'Subscribe to read full analysis' })).toHaveAttribute(
    'href',
    '/premium',
  );
  await expect(cut.getByRole('button', { name: /Sign in with X/ })).toHaveCount(0);
});

test('a subscriber reads every analysis in full', async ({ page }) => {
  await signInWithX(page, uniqueHandle('e2e_pmsub'), '/polymarket');
  const me = await currentUser(page);
  await fundSignedInUser(page, me.dagAddress!, '2000');
  await buyPlan(page, 'pro');

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Portfolio' })).toBeVisible();
  await expect(page.getByText('AI Analysis Available')).toHaveCount(0);
  const second = await expand(page, 1);
  await expect(second.getByText('Bullish Evidence (YES):')).toBeVisible();
  await expect(second.getByRole('region', { name: 'Premium Feature' })).toHaveCount(0);
});

test('markdown with HTML in an analysis is shown as text, never run', async ({ page, request }) => {
  const book = await (await request.get('/api/polymarket/portfolio')).json();
  const assetId: string = book.positions[0].asset_id;
  const res = await request.post('/api/polymarket/analyses', {
    headers: { Authorization: `Bearer ${E2E_ANALYSES_KEY}` },
    data: {
      asset_id: assetId,
      overall_reasoning:
        '**Bold call.** <script>window.__pwned = 1</script><img src="x" onerror="window.__pwned = 2"> [link](javascript:window.__pwned=3)',
      evidence_bullish: 'Evidence with <b onclick="window.__pwned=4">html</b>',
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  await gotoPage(page, '/polymarket');
  const first = await expand(page, 0);
  await expect(first.getByText('Bold call.')).toBeVisible();
  await expect(first.locator('script, img[onerror], [onclick]')).toHaveCount(0);
  const link = first.getByRole('link', { name: 'link' });
  if (await link.count()) expect(await link.getAttribute('href')).not.toMatch(/^javascript:/i);
  expect(
    await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned),
  ).toBeUndefined();
});

test('while the book loads the page says so, and a failure shows the status, not the body', async ({
  page,
}) => {
  let answer = () => {};
  const answered = new Promise<void>((resolve) => {
    answer = resolve;
  });
  await page.route(PORTFOLIO_API, async (route) => {
    await answered;
    await route.fulfill({
      status: 503,
      json: { error: { code: 'upstream_down', message: 'internal detail' } },
    });
  });
  await gotoPage(page, '/polymarket');
  await expect(page.getByText('Loading portfolio...')).toBeVisible();
  answer();
  const alert = page.getByRole('alert').filter({ hasText: 'Error loading portfolio' });
  await expect(alert).toContainText('503: Service Unavailable');
  await expect(alert).not.toContainText('internal detail');
  await expect(page.getByText('Loading portfolio...')).toHaveCount(0);
});

test('an empty book: No active positions, a zero summary in green, no Open Orders', async ({
  page,
}) => {
  // No summary at all: every figure defaults to 0, as the spec says of missing summary values.
  await serveBook(page, { positions: [], openOrders: [] });
  await gotoPage(page, '/polymarket');
  const body = page.locator('body');
  await expect(page.getByText('No active positions')).toBeVisible();
  await expect(page.getByText('Showing positions with cost basis ≥ $1.00')).toBeVisible();
  await expect(labelled(body, 'Total Invested')).toHaveText('$0.00');
  await expect(labelled(body, 'Total P&L')).toHaveText('+$0.00 (+0.00%)');
  expect(await tone(labelled(body, 'Total P&L'))).toBe('green');
  await expect(page.getByText('0 open orders')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Open Orders' })).toHaveCount(0);
});

test('a losing book shows Total P&L in red with its minus sign', async ({ page }) => {
  const summary = { ...craftedBook().summary, totalInvested: 400, currentValue: 387.5 };
  await serveBook(
    page,
    craftedBook({ summary: { ...summary, totalPnl: -12.5, totalPnlPercent: -3.125 } }),
  );
  await gotoPage(page, '/polymarket');
  const pnl = labelled(page.locator('body'), 'Total P&L');
  await expect(pnl).toHaveText('-$12.50 (-3.13%)');
  expect(await tone(pnl)).toBe('red');
});

test('seeded rows: Unknown Market, a dash for no price, links only with a slug, row formats', async ({
  page,
}) => {
  const { firstRead } = await freezeSeededBook(page);
  await gotoPage(page, '/polymarket');
  const book = await firstRead;
  const fed = rowOf(page, 'Will the Fed cut rates at the December meeting?');
  await expect(exchangeLink(fed)).toHaveAttribute(
    'href',
    `${book.marketBaseUrl}fed-rate-cut-december`,
  );
  await expect(exchangeLink(rowOf(page, 'Will Real Madrid win the Champions League?'))).toHaveCount(
    0,
  );
  const unknown = rowOf(page, 'Unknown Market');
  await expect(unknown).toHaveCount(1);
  await expect(exchangeLink(unknown)).toHaveCount(0);
  const oil = rowOf(page, 'Will crude oil close above $100 this quarter?');
  await expect(priceCell(oil, 'Current')).toHaveText('Current -');
  await expect(priceCell(oil, 'Entry')).toHaveText('Entry 20.0¢');

  // Settled markets do not drift: their figures are fixed (300 Yes at 41¢, paid at $1).
  const eth = rowOf(page, 'Will an ETH ETF with staking be approved this year?');
  await expect(eth).toContainText('Yes · 300.0 shares · 1 buy · 0 sells');
  await expect(priceCell(eth, 'Entry')).toHaveText('Entry 41.0¢');
  await expect(priceCell(eth, 'Current')).toHaveText('Current 100.0¢');
  await expect(eth.getByText('$300.00', { exact: true })).toBeVisible();
  const gain = eth.getByText('+$177.00 (+143.9%)');
  expect(await tone(gain)).toBe('green');
  const loss = rowOf(page, 'Will GPT-6 be released before March?').getByText('-$110.00 (-100.0%)');
  expect(await tone(loss)).toBe('red');
});

test('an expanded row: three cards to 2 decimals, the exchange link, and no analysis said plainly', async ({
  page,
}) => {
  const { firstRead } = await freezeSeededBook(page);
  await gotoPage(page, '/polymarket');
  const book = await firstRead;
  const eth = await expandRow(rowOf(page, 'Will an ETH ETF with staking be approved this year?'));
  for (const card of ['Position Details', 'Market Info', 'Performance']) {
    await expect(eth.getByRole('heading', { name: card })).toBeVisible();
  }
  await expect(labelled(eth, 'Balance')).toHaveText('300.00');
  await expect(labelled(eth, 'Cost basis')).toHaveText('$123.00');
  await expect(labelled(eth, 'Avg entry')).toHaveText('41.00¢');
  await expect(labelled(eth, 'Current price')).toHaveText('100.00¢');
  await expect(labelled(eth, 'Current value')).toHaveText('$300.00');
  const id = book.positions.find((p) => p.market_question?.includes('ETH ETF'))!.asset_id;
  await expect(labelled(eth, 'Token id')).toHaveText(`${id.slice(0, 10)}…`);
  await expect(labelled(eth, 'Unrealized P&L')).toHaveText('+$177.00');
  await expect(labelled(eth, 'P&L %')).toHaveText('+143.90%');
  expect(await tone(labelled(eth, 'P&L %'))).toBe('green');
  await expect(eth.getByRole('link', { name: 'View on the exchange' })).toHaveAttribute(
    'href',
    `${book.marketBaseUrl}eth-etf-staking-approved`,
  );
  // A settled market: the analyst writes none (decision 0016), and the row says so.
  await expect(eth.getByText('No AI analysis for this position')).toBeVisible();
  await expect(eth.getByRole('heading', { name: 'AI Decision Analysis' })).toHaveCount(0);

  const oil = await expandRow(rowOf(page, 'Will crude oil close above $100 this quarter?'));
  await expect(labelled(oil, 'Current price')).toHaveText('N/A');
  await expect(oil.getByRole('link', { name: 'View on the exchange' })).toHaveCount(0);
});

test('AI Decision Analysis shows each section only when the analysis has it', async ({ page }) => {
  await serveBook(page, craftedBook({ positions: craftedPositions(), fullAccess: true }));
  await gotoPage(page, '/polymarket');
  await expect(page.getByText('AI Analysis Available')).toHaveCount(0);
  const full = await expand(page, 0);
  // The first analysis is the free one for everyone: a subscriber sees the same label (issue 43 §5).
  await expect(full.getByText('Free Preview - Full AI Analysis')).toBeVisible();
  await expect(full.getByRole('strong')).toHaveText('dovish');
  await expect(labelled(full, 'AI Estimate')).toHaveText('62.0%');
  await expect(labelled(full, 'Edge')).toHaveText('+4.2%');
  expect(await tone(labelled(full, 'Edge'))).toBe('green');
  await expect(labelled(full, 'Confidence')).toHaveText('Medium');
  await expect(labelled(full, 'Risk')).toHaveText('A hot jobs print.');
  const sections = [
    'Why I Bet:',
    'Bet Size Reasoning:',
    'Exit Strategy:',
    'Bullish Evidence (YES):',
    'Bearish Evidence (NO):',
  ];
  for (const title of sections) await expect(full.getByText(title)).toBeVisible();

  const partial = await expand(page, 1);
  await expect(partial.getByText('Only the reasoning was written.')).toBeVisible();
  await expect(labelled(partial, 'AI Estimate')).toHaveText('30.0%');
  for (const absent of [...sections.slice(1), 'Edge', 'Confidence', 'Risk']) {
    await expect(partial.getByText(absent, { exact: true })).toHaveCount(0);
  }
  // Neither reasoning nor bullish evidence: no block at all.
  const bare = await expand(page, 2);
  await expect(bare.getByRole('heading', { name: 'AI Decision Analysis' })).toHaveCount(0);
});

test('a visitor: the first analysis free, then teasers with a fade-out and a Premium panel', async ({
  page,
}) => {
  await serveBook(page, craftedBook({ positions: gatedPositions() }));
  await gotoPage(page, '/polymarket');
  await expect(page.getByText('AI Analysis Available')).toBeVisible();
  await expect((await expand(page, 0)).getByText('Free Preview - Full AI Analysis')).toBeVisible();

  const cut = await expand(page, 1);
  await expect(cut.getByText('Only the start of the reasoning.')).toBeVisible();
  await expect(cut.getByText('Free Preview - Full AI Analysis')).toHaveCount(0);
  await expect(
    cut.getByRole('button', { name: 'Sign in with X to read full analysis' }),
  ).toBeVisible();
  const panel = cut.getByRole('region', { name: 'Premium Feature' });
  for (const feature of [
    'Complete reasoning and strategy',
    'Probability estimates and edge',
    'Bullish and bearish evidence',
    'Risk and confidence',
    'Entry and exit strategies',
  ]) {
    await expect(panel.getByRole('listitem').filter({ hasText: feature })).toHaveCount(1);
  }
  await expect(panel.getByRole('button', { name: 'Sign in with X', exact: true })).toBeVisible();

  // A teaser that is the whole reasoning fades nothing out.
  const whole = await expand(page, 2);
  await expect(whole.getByText('A short reasoning, whole.')).toBeVisible();
  await expect(whole.getByRole('button', { name: /read full analysis/ })).toHaveCount(0);
  await expect(whole.getByRole('region', { name: 'Premium Feature' })).toBeVisible();
});

test('Open Orders: Market, Side, Price, Size, and Market Order when the market is unknown', async ({
  page,
}) => {
  await freezeSeededBook(page);
  await gotoPage(page, '/polymarket');
  await expect(page.getByText('5 open orders')).toBeVisible();
  const table = page.getByRole('table');
  await expect(table.getByRole('columnheader')).toHaveText(['Market', 'Side', 'Price', 'Size']);
  const sell = table
    .getByRole('row')
    .filter({ hasText: 'Will the Fed cut rates at the December meeting?' });
  await expect(sell.getByRole('cell')).toHaveText([/Yes · GTC/, 'SELL', '78.0¢', '200 (150 left)']);
  const unknown = table.getByRole('row').filter({ hasText: 'Market Order' });
  await expect(unknown.getByRole('cell')).toHaveText([
    /^Market OrderNo · GTC$/,
    'BUY',
    '40.0¢',
    '60 (60 left)',
  ]);
});
