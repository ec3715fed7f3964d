import ReactMarkdown from 'react-markdown';
import rehypeSanitize from 'rehype-sanitize';

/**
 * The bot's analysis text is markdown from outside the product: rendered without raw HTML, then
 * sanitized, so a `<script>` or an `onerror=` in it is inert text (spec §3: all text is markdown).
 */
export function MarkdownText({ children }: { children: string }) {
  return (
    <div className="prose-analysis max-h-64 overflow-y-auto text-sm leading-relaxed text-slate-300 [&_a]:text-brand [&_a]:underline [&_li]:ml-4 [&_ol]:list-decimal [&_p+p]:mt-2 [&_strong]:text-slate-100 [&_ul]:list-disc">
      <ReactMarkdown rehypePlugins={[rehypeSanitize]}>{children}</ReactMarkdown>
    </div>
  );
}
