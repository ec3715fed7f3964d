import { describe, expect, it } from 'vitest';
import { analysisInputSchema } from '@/shared/portfolio-analysis-input.ts';
import { fillSchema } from './answer.ts';
import { writeSandboxPositionAnalysis } from './position-analysis.ts';

const NOW = new Date('2026-11-27T12:00:00Z');
const ASSET = '38468762381432905712837462983746283746283746298374628374628374628374628374612';

const rising = {
  asset_id: ASSET,
  market_slug: 'fed-cut-december',
  market_question: 'Will the Fed cut rates in December?',
  outcome: 'Yes',
  balance: 1200,
  avg_entry_price: 0.41,
  current_price: 0.55,
  current_value: 660,
  cost_basis: 492,
  unrealized_pnl: 168,
  pnl_percent: 34.1463,
  trade_count: { buys: 3, sells: 0 },
  end_date: '2026-12-10T00:00:00Z',
};
const falling = {
  asset_id: '9'.repeat(77),
  market_slug: 'btc-150k',
  market_question: 'Will Bitcoin reach $150k in 2027?',
  outcome: 'No',
  balance: 800,
  avg_entry_price: 0.62,
  current_price: 0.47,
  current_value: 376,
  cost_basis: 496,
  unrealized_pnl: -120,
  pnl_percent: -24.1935,
  trade_count: { buys: 1, sells: 1 },
  end_date: '2027-12-31T00:00:00Z',
};

const write = (p: object) => {
  const a = writeSandboxPositionAnalysis(JSON.stringify(p), NOW);
  if (!a) throw new Error('no analysis');
  return a;
};
const allText = (a: object) =>
  Object.values(a)
    .filter((v) => typeof v === 'string')
    .join('\n');

describe('the local model’s position analysis', () => {
  it('fills every section the page shows, within the bot’s own limits', () => {
    const a = write(rising);
    expect(analysisInputSchema.omit({ asset_id: true }).parse(a)).toEqual(a);
    for (const k of [
      'overall_reasoning',
      'evidence_bullish',
      'evidence_bearish',
      'confidence',
      'risk_assessment',
      'bet_size_reasoning',
      'exit_reasoning',
    ] as const)
      expect(a[k].length, k).toBeGreaterThan(20);
    expect(a.ai_probability).toBeGreaterThan(0);
    expect(a.ai_probability).toBeLessThan(1);
    expect(a.edge).toBeCloseTo(a.ai_probability - rising.current_price, 3);
  });

  it('is grounded in the figures: entry, price, size, time left; marked as the local model’s', () => {
    const a = write(rising);
    expect(a.overall_reasoning).toContain('41¢');
    expect(a.overall_reasoning).toContain('55¢');
    expect(a.overall_reasoning).toContain('Will the Fed cut rates in December?');
    expect(a.overall_reasoning).toContain('$492.00');
    expect(a.overall_reasoning).toContain('13 days');
    expect(a.bet_size_reasoning).toContain('1,200 shares');
    expect(a.exit_reasoning).toMatch(/What would change the view/);
    expect(a.overall_reasoning).toMatch(/local sandbox model/);
  });

  it('never echoes the prompt, writes no raw ids and no markup in the short fields', () => {
    for (const p of [rising, falling]) {
      const text = allText(write(p));
      expect(text).not.toMatch(/\d{16,}/);
      expect(text).not.toMatch(/asset id|market slug|from the data provided|avg_entry_price/i);
      expect(text).not.toContain(p.market_slug);
      const a = write(p);
      expect(a.confidence).not.toMatch(/[*#_`]/);
      expect(a.risk_assessment).not.toMatch(/[*#`]/);
    }
  });

  it('reads differently for different positions: direction, edge and clock pick the words', () => {
    const up = write(rising);
    const down = write(falling);
    expect(up.overall_reasoning).not.toEqual(down.overall_reasoning);
    expect(down.overall_reasoning).toMatch(/against|under water|down from/);
    expect(up.overall_reasoning).toMatch(/favour|climbed|moved the bot’s way/);
    // Edge sign: the rising one is priced past the estimate, the falling one below it.
    expect(up.edge).toBeLessThan(0);
    expect(down.edge).toBeGreaterThan(0);
    // Near vs far resolution.
    expect(up.overall_reasoning).toMatch(/little time left/);
    expect(down.overall_reasoning).not.toMatch(/little time left/);
    // Not one template with the numbers swapped: strip figures and compare the words.
    const words = (s: string) => s.replace(/[\d.,$¢%−+]+/g, '#').replace(/“[^”]*”/g, 'Q');
    for (const k of ['overall_reasoning', 'evidence_bullish', 'evidence_bearish'] as const)
      expect(words(up[k]), k).not.toEqual(words(down[k]));
  });

  it('answers nothing for a message that is not a priced position', () => {
    expect(writeSandboxPositionAnalysis('not json', NOW)).toBeNull();
    expect(
      writeSandboxPositionAnalysis(JSON.stringify({ ...rising, current_price: 1 }), NOW),
    ).toBeNull();
  });

  it('the generic answer does not read the prompt back either', () => {
    const text = fillSchema({ type: 'string' }, { asset_id: ASSET, slug: 'x' }) as string;
    expect(text).not.toContain(ASSET);
    expect(text).not.toMatch(/\*\*/);
  });
});
