import { useParams } from 'wouter';
import { analysisTitle } from '@/shared/record-titles';
import { ShareOnX } from '@/web/components/share-on-x';
import { Card, CardTitle } from '@/web/components/ui/card';
import { useAnalysis } from '@/web/features/analyses/api/analysis-api';
import { AnalysisFigures } from '@/web/features/analyses/components/analysis-figures';
import { AnalysisMarkdown } from '@/web/features/analyses/components/analysis-markdown';
import { useRecordTitle } from '@/web/lib/use-record-title';

/** /analyses/:id — public: an AI token analysis, the figures it was written from, and when. */
export default function AnalysisPage() {
  const { id = '' } = useParams<{ id: string }>();
  const analysis = useAnalysis(id);
  const a = analysis.data;
  useRecordTitle(a ? analysisTitle(a.token) : null);
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-12 sm:px-6">
      <h1 className="wrap-anywhere text-3xl font-bold tracking-tight text-slate-50">
        {a ? `Analysis of $${a.token}` : 'Analysis'}
      </h1>
      {analysis.isLoading && <p className="text-slate-400">Loading analysis…</p>}
      {analysis.isError && <p className="text-slate-300">No analysis exists at this address.</p>}
      {a && (
        <>
          {a.sandbox && (
            <p
              className="rounded-md border border-amber-500/40 bg-amber-500/10 px-4 py-2 text-sm text-amber-200"
              data-testid="analysis-sandbox"
            >
              Sandbox: written by the local sandbox model ({a.model}), not a production AI.
            </p>
          )}
          <p className="wrap-anywhere text-sm text-slate-400">
            Asked by @{a.requester} ·{' '}
            <time dateTime={a.createdAt}>{new Date(a.createdAt).toLocaleString('en-US')}</time> ·{' '}
            <a className="text-brand underline" href={`/receipts/${a.requestPostId}`}>
              receipt
            </a>
          </p>
          <ShareOnX
            text={`An analysis of $${a.token} on Upsider`}
            path={`/analyses/${encodeURIComponent(a.id)}`}
          />
          <Card className="flex min-w-0 flex-col gap-3">
            <CardTitle as="h2">Figures used</CardTitle>
            <AnalysisFigures figures={a.figures} />
          </Card>
          <Card className="flex min-w-0 flex-col gap-3">
            <CardTitle as="h2">Analysis</CardTitle>
            <AnalysisMarkdown>{a.text}</AnalysisMarkdown>
            <p className="text-xs text-slate-400">
              Written by an AI model ({a.model}) from the figures above. Not financial advice.
            </p>
          </Card>
        </>
      )}
    </div>
  );
}
