import { UntrustedMarkdown } from './untrusted-markdown';

/**
 * The model's text is untrusted markdown: rendered without raw HTML, then sanitized, so a
 * `<script>` or an `onerror=` in it stays inert text. Long tokens (ids, addresses, URLs) break
 * anywhere and code wraps, so nothing runs out of the card at 390 px.
 */
export function AnalysisMarkdown({ children }: { children: string }) {
  return (
    <div
      className="min-w-0 wrap-anywhere text-sm leading-relaxed text-slate-300 [&_a]:text-brand [&_a]:underline [&_h2]:mb-2 [&_h2]:text-lg [&_h2]:font-semibold [&_h2]:text-slate-100 [&_li]:ml-4 [&_ol]:list-decimal [&_p+p]:mt-2 [&_p]:my-2 [&_strong]:text-slate-100 [&_ul]:list-disc [&_code]:rounded [&_code]:bg-slate-800 [&_code]:px-1 [&_pre]:whitespace-pre-wrap [&_table]:block [&_table]:max-w-full [&_table]:overflow-x-auto"
      data-testid="analysis-text"
    >
      <UntrustedMarkdown>{children}</UntrustedMarkdown>
    </div>
  );
}
