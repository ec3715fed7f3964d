import { describe, expect, it } from 'vitest';
import type { AnalysisFigures } from '@/shared/analyses/contract.ts';
import { weightedLength } from '@/shared/x-text.ts';
import { analysisReply, analysisUnavailableReply } from './analysis-reply.ts';

const figures = (over: Partial<AnalysisFigures> = {}): AnalysisFigures => ({
  token: 'UP',
  totalSupplyUp: 993_181_006,
  holders: [
    {
      network: 'constellation',
      holders: 123_456_789,
      circulating: 864_782_491.16,
      top10Percent: 61.234,
      asOf: null,
    },
  ],
  transfers24h: { count: 987_654_321, volume: '123456789.12345678' },
  price: { usd: 0.051234, change24hPercent: -12.345, asOf: '2026-11-24T00:00:00.000Z' },
  mentions24h: 4321,
  gatheredAt: '2026-11-24T00:00:00.000Z',
  ...over,
});
const URL = 'https://a-very-long-public-hostname.example.com';
const ID = '0e1f5c0a-9a6e-4b43-bb43-5a2f0f4a5e11';
const cashtags = (s: string) => s.match(/\$[A-Za-z]+/g)?.length ?? 0;

describe('analysis replies fit X', () => {
  it('stays within 280 weighted characters with large figures, and keeps the link whole', () => {
    const text = analysisReply(
      { kind: 'published', id: ID, figures: figures(), sandbox: true, paid: '7500000000' },
      'UP',
      URL,
    );
    expect(weightedLength(text)).toBeLessThanOrEqual(280);
    expect(text).toContain(`${URL}/analyses/${ID}`);
    expect(text).toContain('Paid 75.00 UP');
    expect(text).toMatch(/^Sandbox AI analysis of \$UP: \$0\.05123 \(-12\.3% 24h\)/);
    expect(cashtags(text)).toBeLessThanOrEqual(1);
  });

  it('says free, and names no sandbox for a production model; missing figures are skipped', () => {
    const text = analysisReply(
      {
        kind: 'published',
        id: ID,
        figures: figures({ token: 'DAG', holders: [], price: null, totalSupplyUp: null }),
        sandbox: false,
        paid: '0',
      },
      'DAG',
      URL,
    );
    expect(text).toMatch(/^AI analysis of \$DAG: 987654321 agent transfers in 24h\./);
    expect(text).toContain('Free (premium allowance).');
  });

  it('unpaid and unavailable replies fit too and say nothing was delivered or charged', () => {
    const unpaid = analysisReply({ kind: 'unpaid', id: ID, message: 'x'.repeat(400) }, 'UP', URL);
    expect(weightedLength(unpaid)).toBeLessThanOrEqual(280);
    expect(unpaid).toMatch(/^Analysis not delivered/);
    expect(analysisUnavailableReply('UP')).toContain('Nothing was charged');
  });
});

describe('an analysis that could not be written', () => {
  it('says what is missing and that nothing was charged, in plain text with one cashtag', () => {
    const text = analysisReply(
      {
        kind: 'refused',
        reason: 'there is no market price and no holder data for this token right now',
      },
      'DOR',
      URL,
    );
    expect(text).toBe(
      'No analysis of $DOR: there is no market price and no holder data for this token right now. Nothing was charged.',
    );
    expect(cashtags(text)).toBe(1);
    expect(text).not.toMatch(/\*\*|^#/m);
  });
});

describe('an analysis that could not be charged', () => {
  it('ends the payment refusal with one full stop', () => {
    const text = analysisReply(
      {
        kind: 'unpaid',
        id: 'a1',
        message:
          'Not enough UP: your wallet has 0.00 UP and this costs 75.00 UP. Nothing was charged.',
      },
      'UP',
      'https://upsider.app',
    );
    expect(text).toMatch(
      /^Analysis not delivered: Not enough UP: .* Nothing was charged\. A token/,
    );
    expect(text).not.toContain('..');
  });
});
