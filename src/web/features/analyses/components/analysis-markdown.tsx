import ReactMarkdown from 'react-markdown';
import rehypeSanitize from 'rehype-sanitize';

/**
 * The model's text is untrusted markdown: rendered without raw HTML, then sanitized, so a
 * `<script>` or an `onerror=` in it stays inert text.
 */
export function AnalysisMarkdown({ children }: { children: string }) {
  return (
    <div
      className="text-sm leading-relaxed text-slate-300 [&_a]:text-brand [&_a]:underline [&_h2]:mb-2 [&_h2]:text-lg [&_h2]:font-semibold [&_h2]:text-slate-100 [&_li]:ml-4 [&_ol]:list-decimal [&_p+p]:mt-2 [&_p]:my-2 [&_strong]:text-slate-100 [&_ul]:list-disc"
      data-testid="analysis-text"
    >
      <ReactMarkdown rehypePlugins={[rehypeSanitize]}>{children}</ReactMarkdown>
    </div>
  );
}
