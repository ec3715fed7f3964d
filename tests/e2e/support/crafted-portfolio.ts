import type { Page } from '@playwright/test';
import type { PortfolioResponse, Position } from '@/shared/portfolio';

/**
 * Portfolio books the seeded sandbox never produces (empty, failing, partial analyses, a losing
 * summary), served to the page in place of GET /api/polymarket/portfolio.
 */
export const PORTFOLIO_API = '**/api/polymarket/portfolio';

const position = (over: Partial<Position> & Pick<Position, 'asset_id'>): Position => ({
  market_slug: null,
  market_question: null,
  outcome: 'Yes',
  balance: 100,
  avg_entry_price: 0.5,
  current_price: 0.5,
  current_value: 50,
  cost_basis: 50,
  unrealized_pnl: 0,
  pnl_percent: 0,
  trade_count: { buys: 1, sells: 0 },
  ai_analysis: null,
  ...over,
});

/** Three positions whose analyses differ in which sections they carry. */
export const craftedPositions = (): Position[] => [
  position({
    asset_id: '1111111111222222222233333333334444444444',
    market_question: 'Will the Fed cut in March?',
    market_slug: 'fed-cut-march',
    ai_analysis: {
      overall_reasoning: 'Minutes lean **dovish**.',
      evidence_bullish: 'Inflation cooled two months running.',
      evidence_bearish: 'Wages are still hot.',
      ai_probability: 0.62,
      edge: 0.042,
      confidence: 'Medium',
      risk_assessment: 'A hot jobs print.',
      bet_size_reasoning: 'A quarter stake.',
      exit_reasoning: 'Sell above 70¢.',
    },
  }),
  position({
    asset_id: '5555555555666666666677777777778888888888',
    market_question: 'Will the ECB hike in April?',
    ai_analysis: { overall_reasoning: 'Only the reasoning was written.', ai_probability: 0.3 },
  }),
  position({
    asset_id: '9999999999000000000011111111112222222222',
    market_question: 'Will the BoE hold in May?',
    ai_analysis: { confidence: 'Low' },
  }),
];

/** What a visitor gets: the first analysis free, then teasers, cut (fade-out) or whole. */
export const gatedPositions = (): Position[] => {
  const [first, second, third] = craftedPositions() as [Position, Position, Position];
  return [
    first,
    {
      ...second,
      ai_analysis: {
        locked: true,
        overall_reasoning: 'Only the start of the reasoning.',
        truncated: true,
        has_more: true,
      },
    },
    {
      ...third,
      ai_analysis: {
        locked: true,
        overall_reasoning: 'A short reasoning, whole.',
        truncated: false,
        has_more: true,
      },
    },
  ];
};

export const craftedBook = (over: Partial<PortfolioResponse> = {}): PortfolioResponse => ({
  positions: [],
  openOrders: [],
  summary: {
    totalPositions: 0,
    totalInvested: 0,
    currentValue: 0,
    totalPnl: 0,
    totalPnlPercent: 0,
    openOrders: 0,
  },
  updatedAt: new Date().toISOString(),
  stale: false,
  notice: null,
  marketBaseUrl: 'https://polymarket.com/event/',
  fullAccess: false,
  ...over,
});

/** Serves `book` (JSON body) for every portfolio request the page makes. */
export async function serveBook(page: Page, book: unknown) {
  await page.route(PORTFOLIO_API, (route) => route.fulfill({ json: book }));
}

/**
 * Serves the sandbox's seeded book as first read, for the whole test: prices drift each minute
 * and rows are sorted by value, so a 30 s refetch must not reorder or reprice under the test.
 * `firstRead` resolves with that book once the page has asked for it.
 */
export async function freezeSeededBook(page: Page) {
  let read: (book: PortfolioResponse) => void = () => {};
  const firstRead = new Promise<PortfolioResponse>((resolve) => {
    read = resolve;
  });
  let book: PortfolioResponse | undefined;
  await page.route(PORTFOLIO_API, async (route) => {
    book ??= (await (await route.fetch()).json()) as PortfolioResponse;
    read(book);
    await route.fulfill({ json: book });
  });
  return { firstRead };
}
