import type { AiAnalysis } from '@/shared/portfolio';
import { AnalysisWritten } from './analysis-written';
import { MarkdownText } from './markdown-text';

const has = (s: string | null | undefined): s is string => typeof s === 'string' && s.trim() !== '';

function Section({ title, text }: { title: string; text: string | null | undefined }) {
  if (!has(text)) return null;
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <h4 className="text-sm font-semibold text-slate-100">{title}</h4>
      <MarkdownText>{text}</MarkdownText>
    </div>
  );
}

/** The block exists only with overall reasoning or bullish evidence. */
export const showsAnalysis = (a: AiAnalysis) => has(a.overall_reasoning) || has(a.evidence_bullish);

/**
 * The AI Decision Analysis: shown only with overall reasoning or bullish evidence; each part
 * only when present. Estimate and edge are 0..1 on the wire, shown as percents. Every text field
 * is markdown, Confidence and Risk included.
 */
export function AnalysisBlock({
  analysis,
  currentPrice,
}: {
  analysis: AiAnalysis;
  currentPrice: number | null;
}) {
  if (!showsAnalysis(analysis)) return null;
  const { ai_probability: p, edge } = analysis;
  return (
    <div className="flex min-w-0 flex-col gap-4 rounded-lg border border-brand/30 bg-brand/5 p-4">
      <h3 className="font-semibold text-brand">AI Decision Analysis</h3>
      <AnalysisWritten
        writtenAt={analysis.written_at}
        priceAtWriting={analysis.price_at_writing}
        currentPrice={currentPrice}
      />
      <Section title="Why I Bet:" text={analysis.overall_reasoning} />
      {(typeof p === 'number' ||
        typeof edge === 'number' ||
        has(analysis.confidence) ||
        has(analysis.risk_assessment)) && (
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {typeof p === 'number' && (
            <div className="min-w-0 rounded-md bg-slate-900 p-3">
              <dt className="text-xs text-slate-400">AI Estimate</dt>
              <dd className="text-lg font-semibold text-slate-50">{(p * 100).toFixed(1)}%</dd>
            </div>
          )}
          {typeof edge === 'number' && (
            <div className="min-w-0 rounded-md bg-slate-900 p-3">
              <dt className="text-xs text-slate-400">Edge</dt>
              <dd
                className={`text-lg font-semibold ${edge > 0 ? 'text-emerald-400' : 'text-slate-200'}`}
              >
                {edge > 0 ? '+' : ''}
                {(edge * 100).toFixed(1)}%
              </dd>
            </div>
          )}
          {has(analysis.confidence) && (
            <div className="col-span-2 min-w-0 rounded-md bg-slate-900 p-3">
              <dt className="text-xs text-slate-400">Confidence</dt>
              <dd>
                <MarkdownText tone="text-slate-100">{analysis.confidence}</MarkdownText>
              </dd>
            </div>
          )}
          {has(analysis.risk_assessment) && (
            <div className="col-span-full min-w-0 rounded-md bg-slate-900 p-3">
              <dt className="text-xs text-slate-400">Risk</dt>
              <dd>
                <MarkdownText tone="text-slate-100">{analysis.risk_assessment}</MarkdownText>
              </dd>
            </div>
          )}
        </dl>
      )}
      <Section title="Bet Size Reasoning:" text={analysis.bet_size_reasoning} />
      <Section title="Exit Strategy:" text={analysis.exit_reasoning} />
      <Section title="Bullish Evidence (YES):" text={analysis.evidence_bullish} />
      <Section title="Bearish Evidence (NO):" text={analysis.evidence_bearish} />
    </div>
  );
}
