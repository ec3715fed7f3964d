import { describe, expect, it } from 'vitest';
import { createPolymarketClient } from './client.ts';
import { outcomeIds } from './market-ids.ts';

const market = { id: '1', conditionId: '0xabc' };

describe('Gamma market shapes (Protocol V1 and V2)', () => {
  it('reads clobTokenIds (JSON text) for v1 and for markets without a version', () => {
    const ids = JSON.stringify(['11', '22']);
    expect(outcomeIds({ ...market, version: 'v1', clobTokenIds: ids })).toEqual(['11', '22']);
    expect(outcomeIds({ ...market, clobTokenIds: ids })).toEqual(['11', '22']);
  });

  it('reads positionIds (an array) for v2, chosen by version even when both are present', () => {
    const both = { ...market, clobTokenIds: '["1","2"]', positionIds: ['33', '44'] };
    expect(outcomeIds({ ...both, version: 'v2' })).toEqual(['33', '44']);
    expect(outcomeIds({ ...both, version: 'v1' })).toEqual(['1', '2']);
  });

  it('gives no ids for an unknown version or broken JSON, rather than guessing', () => {
    expect(outcomeIds({ ...market, version: 'v3', positionIds: ['1'] })).toEqual([]);
    expect(outcomeIds({ ...market, clobTokenIds: 'not json' })).toEqual([]);
  });
});

describe('Data API offset cap', () => {
  const row = (i: number) => ({
    proxyWallet: '0x1',
    asset: String(i),
    conditionId: '0xabc',
    size: 1,
    avgPrice: 0.5,
    initialValue: 0.5,
    currentValue: 0.5,
    outcome: 'Yes',
  });
  const client = (total: number, cuts: [string, number][]) => {
    const offsets: number[] = [];
    const c = createPolymarketClient({
      dataUrl: 'https://data-api.polymarket.com',
      clobUrl: 'https://clob.polymarket.com',
      gammaUrl: 'https://gamma-api.polymarket.com',
      proxyWallet: '0x1',
      clob: null,
      onListCut: (list, rows) => cuts.push([list, rows]),
      fetch: async (input) => {
        const url = new URL(input);
        const offset = Number(url.searchParams.get('offset'));
        const limit = Number(url.searchParams.get('limit'));
        offsets.push(offset);
        if (offset > 10_000) return Response.json({ error: 'offset too large' }, { status: 400 });
        const n = Math.max(0, Math.min(limit, total - offset));
        return Response.json(Array.from({ length: n }, (_, i) => row(offset + i)));
      },
    });
    return { c, offsets };
  };

  it('says when a list stopped at offset 10,000 with more rows behind it, and never asks past it', async () => {
    const cuts: [string, number][] = [];
    const { c, offsets } = client(20_000, cuts);
    expect(await c.positions()).toHaveLength(10_500);
    expect(Math.max(...offsets)).toBe(10_000);
    expect(cuts).toEqual([['positions', 10_500]]);
  });

  it('says nothing when the list ended before the cap', async () => {
    const cuts: [string, number][] = [];
    const { c } = client(1_200, cuts);
    expect(await c.positions()).toHaveLength(1_200);
    expect(cuts).toEqual([]);
  });
});
