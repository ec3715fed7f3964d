import type { Position } from '@/shared/portfolio.ts';
import type { DemoContext, DemoStep } from '../step.ts';

const pct = (n: number) => `${(n * 100).toFixed(1)}%`;

/** A long analysis as the bot writes it when it bets, so the page's capped scroll areas show. */
function botAnalysis(p: Position, settled: boolean) {
  const entry = p.avg_entry_price;
  const fair = Math.min(0.97, Math.max(0.03, settled ? 0.8 : entry + 0.12));
  const reasons = [
    `## Thesis\n\nThe market priced **${p.outcome}** on “${p.market_question ?? 'this market'}” at ${pct(entry)} when the bot bought. Its model put the fair price near ${pct(fair)}: the crowd was anchoring on last cycle's outcome instead of this cycle's base rate.`,
    '## What moved the estimate\n\n1. Base rate from comparable markets over three years.\n2. Order-book depth: the ask side thinned for two days before entry.\n3. Resolution criteria read line by line; no ambiguity that a dispute could exploit.',
    `## Sizing\n\n${p.balance.toFixed(0)} shares, about a quarter-Kelly stake: the edge is real but the estimate carries model risk, so the bot keeps dry powder for a better price.`,
    '## What would change the view\n\n- A credible source contradicting the base rate.\n- Liquidity drying up so the exit costs more than the edge.\n- Any change to the resolution source.',
  ];
  return {
    asset_id: p.asset_id,
    overall_reasoning: reasons.join('\n\n'),
    evidence_bullish:
      '- Three independent forecasts lean the same way.\n- Historical base rate above the entry price.\n- Smart-money wallets added on the same side during the week of entry.',
    evidence_bearish:
      '- Headline risk: one news cycle can swing the price 10 points.\n- Thin book late in the market, exits may slip.',
    ai_probability: Number(fair.toFixed(2)),
    edge: Number((fair - entry).toFixed(2)),
    confidence: settled ? 'High (market settled)' : 'Medium',
    risk_assessment: 'Position capped at 4% of the book; correlated exposure checked.',
    bet_size_reasoning: 'Quarter-Kelly on the estimated edge, rounded down to the book’s lot size.',
    exit_reasoning: settled
      ? 'Held to resolution; redeemed at settlement.'
      : 'Take profit above 85¢ or cut if the thesis breaks; otherwise hold to resolution.',
  };
}

async function readBook(call: DemoContext['call']): Promise<Position[]> {
  for (let i = 0; i < 40; i++) {
    const res = await call('/api/polymarket/portfolio');
    if (res.ok) {
      const body = (await res.json()) as { positions: Position[] };
      if (body.positions.length > 0) return body.positions;
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('the portfolio has no positions yet (is the local Polymarket up?)');
}

/**
 * The prediction-market bot posts its own reasoning for its largest open bet and for a settled
 * winner through POST /api/polymarket/analyses, as the real bot does. The analyst job covers the
 * other open positions; settled and unpriced ones stay without, so /polymarket shows every state.
 */
export const portfolioStep: DemoStep = {
  name: 'portfolio',
  async run({ call, log, botAnalysesKey }) {
    const positions = await readBook(call);
    const open = positions.find(
      (p) => p.current_price !== null && p.current_price > 0 && p.current_price < 1,
    );
    const settled = positions.find((p) => p.current_price === 1);
    for (const [p, isSettled] of [
      [open, false],
      [settled, true],
    ] as const) {
      if (!p) continue;
      const res = await call('/api/polymarket/analyses', {
        method: 'POST',
        json: botAnalysis(p, isSettled),
        headers: { authorization: `Bearer ${botAnalysesKey}` },
      });
      if (!res.ok) throw new Error(`bot analysis refused: ${res.status} ${await res.text()}`);
    }
    log('the bot posted its reasoning', { positions: positions.length });
  },
};
