import type { AnalysisResult } from '@/core/analyses/index.ts';
import type { AnalysisFigures } from '@/shared/analyses/contract.ts';
import { PAID_ITEM_TERMS } from '@/shared/premium-benefits.ts';
import { fitWeighted, MAX_WEIGHTED_LENGTH, weightedLength } from '@/shared/x-text.ts';
import { asSentence, paidText } from '../../replies/paid-text.ts';

const pct = (n: number) => `${n > 0 ? '+' : ''}${n.toFixed(1)}%`;
const whole = (n: number) => Math.round(n).toLocaleString('en-US');

/** The measured headline: price, holders and concentration, transfers. Never the model's text. */
function headline(f: AnalysisFigures): string {
  const parts: string[] = [];
  if (f.price) {
    const change =
      f.price.change24hPercent === null ? '' : ` (${pct(f.price.change24hPercent)} 24h)`;
    parts.push(`$${f.price.usd.toPrecision(4)}${change}`);
  }
  const c = f.holders.find((h) => h.network === 'constellation') ?? f.holders[0];
  if (c) parts.push(`${whole(c.holders)} holders, top 10 hold ${c.top10Percent.toFixed(1)}%`);
  parts.push(`${f.transfers24h.count} agent transfers in 24h`);
  return parts.join(', ');
}

/**
 * The one reply to an analysis request, within X's 280 weighted characters: the figures (only
 * measured numbers: the model's text stays on the page, where it is rendered sanitized), the
 * link, what was paid. One cashtag at most (X's limit). The local model is named as the sandbox.
 */
export function analysisReply(result: AnalysisResult, token: string, publicUrl: string): string {
  if (result.kind === 'refused') return analysisRefusedReply(token, result.reason);
  if (result.kind === 'unpaid') {
    const t = PAID_ITEM_TERMS.token_analysis;
    return fitWeighted(
      `Analysis not delivered: ${asSentence(result.message)} A token analysis costs ${t.freeTierPriceUP} UP (premium: ${t.premiumFreePerDay} free a day, then ${t.premiumPriceUP} UP).`,
      MAX_WEIGHTED_LENGTH,
    );
  }
  const lead = `${result.sandbox ? 'Sandbox AI analysis' : 'AI analysis'} of $${token}: ${headline(result.figures)}.`;
  const paid = ` ${paidText(
    BigInt(result.paid) > 0n
      ? { outcome: 'paid', price: BigInt(result.paid) }
      : { outcome: 'free' },
  )}`;
  const tail = ` Full analysis: ${publicUrl}/analyses/${result.id}${paid}`;
  return `${fitWeighted(lead, MAX_WEIGHTED_LENGTH - weightedLength(tail))}${tail}`;
}

/** Told once when the model did not answer after every try; nothing was charged. */
export const analysisUnavailableReply = (token: string) =>
  `Token analysis of $${token} is unavailable right now: the AI model did not answer. Nothing was charged; please try again later.`;

/** The receipt's reason when the model did not answer (the hold was released). */
export const MODEL_DOWN_REASON =
  'No analysis made: the AI model did not answer. Nothing was charged.';

/** Told when the figures an analysis needs are missing: what is missing; nothing was charged. */
export const analysisRefusedReply = (token: string, reason: string) =>
  fitWeighted(
    `No analysis of $${token}: ${asSentence(reason)} Nothing was charged.`,
    MAX_WEIGHTED_LENGTH,
  );
