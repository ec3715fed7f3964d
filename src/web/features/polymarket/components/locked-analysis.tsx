import { Lock } from 'lucide-react';
import { Link } from 'wouter';
import type { LockedAnalysis } from '@/shared/portfolio';
import { Button } from '@/web/components/ui/button';
import { useAuth } from '@/web/features/auth/auth-context';
import { AnalysisWritten } from './analysis-written';
import { MarkdownText } from './markdown-text';

const LOCKED_FEATURES = [
  'Complete reasoning and strategy',
  'Probability estimates and edge',
  'Bullish and bearish evidence',
  'Risk and confidence',
  'Entry and exit strategies',
];

/** A call to action: to /premium when signed in, else sign-in with X. */
function Cta({
  signedIn,
  premium,
  anonymous,
}: {
  signedIn: boolean;
  premium: string;
  anonymous: string;
}) {
  const { login } = useAuth();
  return signedIn ? (
    <Button asChild size="sm">
      <Link href="/premium">{premium}</Link>
    </Button>
  ) : (
    <Button size="sm" onClick={() => login()}>
      {anonymous}
    </Button>
  );
}

/**
 * For positions after the first, without a subscription: the reasoning's teaser (the
 * server sends no more), a fade-out when it was cut, and the 'Premium Feature' panel.
 */
export function LockedAnalysisBlock({
  analysis,
  currentPrice,
}: {
  analysis: LockedAnalysis;
  currentPrice: number | null;
}) {
  const { isAuthenticated } = useAuth();
  return (
    <div className="flex flex-col gap-4 rounded-lg border border-brand/30 bg-brand/5 p-4">
      <h3 className="font-semibold text-brand">AI Decision Analysis</h3>
      <AnalysisWritten
        writtenAt={analysis.written_at}
        priceAtWriting={analysis.price_at_writing}
        currentPrice={currentPrice}
      />
      {analysis.overall_reasoning && (
        <div className="relative">
          <h4 className="text-sm font-semibold text-slate-100">Why I Bet:</h4>
          <MarkdownText>{analysis.overall_reasoning}</MarkdownText>
          {analysis.truncated && (
            <div className="mt-2 flex flex-col items-center gap-2 bg-gradient-to-b from-transparent to-slate-950/90 pt-6">
              <Cta
                signedIn={isAuthenticated}
                premium="Subscribe to read full analysis"
                anonymous="Sign in with X to read full analysis"
              />
            </div>
          )}
        </div>
      )}
      {analysis.has_more && (
        <section
          aria-label="Premium Feature"
          className="flex flex-col gap-2 rounded-md border border-amber-500/30 bg-amber-500/5 p-4"
        >
          <p className="flex items-center gap-2 font-semibold text-amber-300">
            <Lock className="size-4" aria-hidden="true" />
            Premium Feature
          </p>
          <ul className="list-disc pl-5 text-sm text-slate-300">
            {LOCKED_FEATURES.map((f) => (
              <li key={f}>{f}</li>
            ))}
          </ul>
          <div>
            <Cta
              signedIn={isAuthenticated}
              premium="Upgrade to Premium"
              anonymous="Sign in with X"
            />
          </div>
        </section>
      )}
    </div>
  );
}
