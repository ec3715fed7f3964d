import { createHash } from 'node:crypto';

/**
 * The bot's seeded book on the local Polymarket: a dozen markets across resolved, open and losing
 * bets, some without a slug, one without a price and one unknown to Gamma, plus a few open orders.
 * Positions are not stored: they are the sum of these trades and those added through the admin
 * route, priced at the drifting price of the minute (book.ts).
 */
export interface SeedMarket {
  key: string;
  question: string;
  /** null: the market has no page on the exchange. */
  slug: string | null;
  /** Price of the Yes outcome at minute 0; drift moves it (unless resolved). */
  yesPrice: number;
  /** A resolved market pays 1 to the winning outcome. */
  resolved?: 'Yes' | 'No';
  /** The Data API has no current price for it (e.g. a market the book feed lost). */
  noPrice?: boolean;
  /** Neither the Data API nor Gamma know its title. */
  unknown?: boolean;
  /**
   * A Polymarket Protocol V2 market: Gamma gives `version: "v2"` and `positionIds` (an array)
   * instead of `clobTokenIds` (docs.polymarket.com/migrate/polymarket-v2/api-integrations).
   */
  v2?: true;
}

export interface SeedTrade {
  market: string;
  outcome: 'Yes' | 'No';
  side: 'BUY' | 'SELL';
  size: number;
  price: number;
  /** Hours before the sandbox's start. */
  hoursAgo: number;
}

export const SEED_MARKETS: SeedMarket[] = [
  {
    key: 'fed-cut-dec',
    question: 'Will the Fed cut rates at the December meeting?',
    slug: 'fed-rate-cut-december',
    yesPrice: 0.62,
  },
  {
    key: 'btc-150k',
    question: 'Will Bitcoin reach $150,000 by December 31?',
    slug: 'bitcoin-150k-by-december-31',
    yesPrice: 0.18,
  },
  {
    key: 'eth-etf-staking',
    question: 'Will an ETH ETF with staking be approved this year?',
    slug: 'eth-etf-staking-approved',
    yesPrice: 1,
    resolved: 'Yes',
  },
  {
    key: 'gpt6-release',
    question: 'Will GPT-6 be released before March?',
    slug: 'gpt-6-released-before-march',
    yesPrice: 0,
    resolved: 'No',
  },
  {
    key: 'champions-final',
    question: 'Will Real Madrid win the Champions League?',
    slug: null,
    yesPrice: 0.27,
  },
  {
    key: 'sol-flip-eth',
    question: 'Will Solana flip Ethereum by market cap this year?',
    slug: 'solana-flippening',
    yesPrice: 0.06,
  },
  {
    key: 'us-recession',
    question: 'US recession declared in 2026?',
    slug: 'us-recession-2026',
    yesPrice: 0.21,
  },
  {
    key: 'spacex-mars',
    question: 'Will SpaceX launch an uncrewed Starship to Mars in 2026?',
    slug: 'spacex-starship-mars-2026',
    yesPrice: 0.09,
  },
  {
    key: 'oil-100',
    question: 'Will crude oil close above $100 this quarter?',
    slug: null,
    yesPrice: 0.12,
    noPrice: true,
  },
  { key: 'mystery', question: '', slug: null, yesPrice: 0.44, unknown: true },
  {
    key: 'dag-listing',
    question: 'Will DAG be listed on a top-5 exchange this year?',
    slug: 'dag-top-exchange-listing',
    yesPrice: 0.33,
    v2: true,
  },
  {
    key: 'election-turnout',
    question: 'Will midterm turnout exceed 50%?',
    slug: 'midterm-turnout-50',
    yesPrice: 0.55,
    v2: true,
  },
  {
    key: 'dust',
    question: 'Will it snow in Lisbon on New Year’s Day?',
    slug: 'snow-lisbon-new-year',
    yesPrice: 0.03,
  },
];

export const SEED_TRADES: SeedTrade[] = [
  { market: 'fed-cut-dec', outcome: 'Yes', side: 'BUY', size: 400, price: 0.48, hoursAgo: 300 },
  { market: 'fed-cut-dec', outcome: 'Yes', side: 'BUY', size: 250, price: 0.55, hoursAgo: 120 },
  { market: 'fed-cut-dec', outcome: 'Yes', side: 'SELL', size: 150, price: 0.6, hoursAgo: 20 },
  { market: 'btc-150k', outcome: 'Yes', side: 'BUY', size: 1200, price: 0.31, hoursAgo: 500 },
  { market: 'eth-etf-staking', outcome: 'Yes', side: 'BUY', size: 300, price: 0.41, hoursAgo: 900 },
  { market: 'gpt6-release', outcome: 'Yes', side: 'BUY', size: 500, price: 0.22, hoursAgo: 800 },
  { market: 'champions-final', outcome: 'No', side: 'BUY', size: 180, price: 0.69, hoursAgo: 200 },
  { market: 'sol-flip-eth', outcome: 'No', side: 'BUY', size: 600, price: 0.9, hoursAgo: 700 },
  { market: 'us-recession', outcome: 'No', side: 'BUY', size: 350, price: 0.74, hoursAgo: 150 },
  { market: 'us-recession', outcome: 'No', side: 'BUY', size: 100, price: 0.77, hoursAgo: 40 },
  { market: 'spacex-mars', outcome: 'Yes', side: 'BUY', size: 900, price: 0.14, hoursAgo: 260 },
  { market: 'oil-100', outcome: 'Yes', side: 'BUY', size: 220, price: 0.2, hoursAgo: 100 },
  { market: 'mystery', outcome: 'No', side: 'BUY', size: 75, price: 0.5, hoursAgo: 60 },
  { market: 'dag-listing', outcome: 'Yes', side: 'BUY', size: 500, price: 0.25, hoursAgo: 30 },
  { market: 'election-turnout', outcome: 'Yes', side: 'BUY', size: 140, price: 0.52, hoursAgo: 10 },
  // Below $1.00 of cost basis: the product leaves it out.
  { market: 'dust', outcome: 'Yes', side: 'BUY', size: 20, price: 0.04, hoursAgo: 5 },
];

export interface SeedOrder {
  market: string;
  outcome: 'Yes' | 'No';
  side: 'BUY' | 'SELL';
  price: number;
  originalSize: number;
  matched: number;
  type: 'GTC' | 'GTD';
}

export const SEED_ORDERS: SeedOrder[] = [
  {
    market: 'fed-cut-dec',
    outcome: 'Yes',
    side: 'SELL',
    price: 0.78,
    originalSize: 200,
    matched: 50,
    type: 'GTC',
  },
  {
    market: 'btc-150k',
    outcome: 'Yes',
    side: 'BUY',
    price: 0.12,
    originalSize: 500,
    matched: 0,
    type: 'GTC',
  },
  {
    market: 'dag-listing',
    outcome: 'Yes',
    side: 'BUY',
    price: 0.28,
    originalSize: 300,
    matched: 120,
    type: 'GTD',
  },
  {
    market: 'us-recession',
    outcome: 'No',
    side: 'SELL',
    price: 0.88,
    originalSize: 450,
    matched: 0,
    type: 'GTC',
  },
  {
    market: 'mystery',
    outcome: 'No',
    side: 'BUY',
    price: 0.4,
    originalSize: 60,
    matched: 0,
    type: 'GTC',
  },
];

const sha = (s: string) => createHash('sha256').update(s).digest();

export function conditionId(market: string) {
  return `0x${sha(`condition:${market}`).toString('hex')}`;
}

/** Outcome token ids are large decimal integers, as on Polymarket. */
export function tokenId(market: string, outcome: 'Yes' | 'No') {
  return BigInt(`0x${sha(`token:${market}:${outcome}`).toString('hex')}`).toString(10);
}

export function orderId(index: number) {
  return `0x${sha(`order:${index}`).toString('hex')}`;
}

export function seedMarket(key: string): SeedMarket {
  const m = SEED_MARKETS.find((x) => x.key === key);
  if (!m) throw new Error(`unknown seed market ${key}`);
  return m;
}

/** The (market, outcome) a token id belongs to. */
export function findToken(asset: string) {
  for (const m of SEED_MARKETS) {
    for (const outcome of ['Yes', 'No'] as const) {
      if (tokenId(m.key, outcome) === asset) return { market: m, outcome };
    }
  }
  return null;
}
