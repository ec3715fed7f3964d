import type { AiAnalysis, LockedAnalysis, Position } from '@/shared/portfolio.ts';
import { teaser } from './teaser.ts';

const present = (v: unknown) => v !== null && v !== undefined && v !== '';

/**
 * Server-side gating, so a locked analysis cannot be read in the browser: a subscriber gets every
 * analysis; anyone else gets the first position's in full and, for the others, only the
 * reasoning's teaser and flags saying more exists. Nothing else of a locked analysis leaves the
 * server.
 */
export function gateAnalyses<P extends { ai_analysis?: Position['ai_analysis'] }>(
  positions: P[],
  fullAccess: boolean,
): P[] {
  if (fullAccess) return positions;
  return positions.map((p, index) => {
    const a = p.ai_analysis;
    if (index === 0 || !a || 'locked' in a) return p;
    return { ...p, ai_analysis: lock(a) };
  });
}

function lock(a: AiAnalysis): LockedAnalysis {
  const full = a.overall_reasoning ?? '';
  const others = [
    a.evidence_bullish,
    a.evidence_bearish,
    a.ai_probability,
    a.edge,
    a.confidence,
    a.risk_assessment,
    a.bet_size_reasoning,
    a.exit_reasoning,
  ];
  const shown = teaser(full);
  return {
    locked: true,
    overall_reasoning: shown,
    truncated: shown.length < full.length,
    has_more: others.some(present),
    ...(a.written_at ? { written_at: a.written_at } : {}),
    price_at_writing: a.price_at_writing ?? null,
  };
}
