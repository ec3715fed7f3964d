import { describe, expect, it } from 'vitest';
import type { DataPosition, GammaMarket } from '@/integrations/polymarket/index.ts';
import { mapBook } from './map-book.ts';

const position = (over: Partial<DataPosition>): DataPosition => ({
  proxyWallet: '0x1',
  asset: '1',
  conditionId: '0xc1',
  size: 0,
  avgPrice: 0,
  initialValue: 0,
  currentValue: 0,
  curPrice: null,
  title: '',
  slug: '',
  outcome: 'Yes',
  ...over,
});
const market = (over: Partial<GammaMarket>): GammaMarket => ({
  id: '1',
  conditionId: '0xc1',
  ...over,
});

describe('portfolio mapping (hand-computed)', () => {
  const book = mapBook({
    positions: [
      // 500 shares @ 0.50 → cost 250.00; price 0.62 → value 310.00; P&L +60.00 (+24 %)
      position({
        asset: '11',
        conditionId: '0xa',
        size: 500,
        avgPrice: 0.5,
        curPrice: 0.62,
        title: 'A?',
        slug: 'a',
      }),
      // 1200 @ 0.31 → cost 372.00; price 0.18 → 216.00; P&L -156.00 (-41.935484 %)
      position({
        asset: '22',
        conditionId: '0xb',
        size: 1200,
        avgPrice: 0.31,
        curPrice: 0.18,
        outcome: 'NO',
      }),
      // No price anywhere: value from the Data API (40.00); cost 220 × 0.2 = 44.00; P&L -4.00
      position({ asset: '33', conditionId: '0xd', size: 220, avgPrice: 0.2, currentValue: 40 }),
      // 20 @ 0.04 = 0.80 cost basis: below $1.00, left out
      position({ asset: '44', conditionId: '0xe', size: 20, avgPrice: 0.04, curPrice: 0.03 }),
      // Exactly $1.00: kept; price from Gamma (0.25) → value 2.50
      position({ asset: '55', conditionId: '0xf', size: 4, avgPrice: 0.25, curPrice: null }),
    ],
    trades: [
      {
        proxyWallet: '0x1',
        side: 'BUY',
        asset: '11',
        conditionId: '0xa',
        size: 1,
        price: 1,
        timestamp: 1,
      },
      {
        proxyWallet: '0x1',
        side: 'BUY',
        asset: '11',
        conditionId: '0xa',
        size: 1,
        price: 1,
        timestamp: 2,
      },
      {
        proxyWallet: '0x1',
        side: 'SELL',
        asset: '11',
        conditionId: '0xa',
        size: 1,
        price: 1,
        timestamp: 3,
      },
    ],
    orders: [
      {
        id: 'o1',
        status: 'LIVE',
        market: '0xb',
        asset_id: '22',
        side: 'SELL',
        original_size: '450',
        size_matched: '100.5',
        price: '0.88',
        outcome: 'No',
        created_at: 1,
        order_type: 'GTC',
      },
      {
        id: 'o2',
        status: 'LIVE',
        market: '0xzz',
        asset_id: '99',
        side: 'BUY',
        original_size: '60',
        size_matched: '0',
        price: '0.4',
        outcome: 'Yes',
        created_at: 1,
        order_type: 'GTD',
      },
    ],
    markets: [
      market({ conditionId: '0xb', question: 'B from Gamma?', slug: 'b-slug' }),
      market({
        conditionId: '0xf',
        clobTokenIds: JSON.stringify(['55', '56']),
        outcomePrices: JSON.stringify(['0.25', '0.75']),
      }),
    ],
  });

  it('maps each position to the spec fields', () => {
    expect(book.positions.map((p) => p.asset_id)).toEqual(['11', '22', '33', '55']);
    expect(book.positions[0]).toEqual({
      asset_id: '11',
      market_slug: 'a',
      market_question: 'A?',
      outcome: 'Yes',
      balance: 500,
      avg_entry_price: 0.5,
      current_price: 0.62,
      current_value: 310,
      cost_basis: 250,
      unrealized_pnl: 60,
      pnl_percent: 24,
      trade_count: { buys: 2, sells: 1 },
    });
    const b = book.positions[1]!;
    expect(b).toMatchObject({
      market_question: 'B from Gamma?',
      market_slug: 'b-slug',
      outcome: 'No',
    });
    expect(b).toMatchObject({ cost_basis: 372, current_value: 216, unrealized_pnl: -156 });
    expect(b.pnl_percent).toBeCloseTo(-41.9355, 4);
    expect(book.positions[2]).toMatchObject({
      market_question: null,
      market_slug: null,
      current_price: null,
      current_value: 40,
      cost_basis: 44,
      unrealized_pnl: -4,
      trade_count: { buys: 0, sells: 0 },
    });
    expect(book.positions[3]).toMatchObject({
      cost_basis: 1,
      current_price: 0.25,
      current_value: 1,
    });
  });

  it('sums the summary over the kept positions', () => {
    // invested 250 + 372 + 44 + 1 = 667; value 310 + 216 + 40 + 1 = 567; P&L -100 (-14.9925 %)
    expect(book.summary).toEqual({
      totalPositions: 4,
      totalInvested: 667,
      currentValue: 567,
      totalPnl: -100,
      totalPnlPercent: -14.9925,
      openOrders: 2,
    });
  });

  it('maps open orders with their market question or none', () => {
    expect(book.openOrders).toEqual([
      {
        id: 'o1',
        market_question: 'B from Gamma?',
        outcome: 'No',
        type: 'GTC',
        side: 'SELL',
        price: 0.88,
        original_size: 450,
        remaining: 349.5,
      },
      {
        id: 'o2',
        market_question: null,
        outcome: 'Yes',
        type: 'GTD',
        side: 'BUY',
        price: 0.4,
        original_size: 60,
        remaining: 0 + 60,
      },
    ]);
  });

  it('gives an empty summary of zeros for an empty book', () => {
    expect(mapBook({ positions: [], trades: [], orders: [], markets: [] }).summary).toEqual({
      totalPositions: 0,
      totalInvested: 0,
      currentValue: 0,
      totalPnl: 0,
      totalPnlPercent: 0,
      openOrders: 0,
    });
  });
});
