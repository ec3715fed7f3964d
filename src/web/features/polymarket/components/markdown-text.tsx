import { UntrustedMarkdown } from '@/web/features/analyses/components/untrusted-markdown';
import { cn } from '@/web/lib/cn';

/**
 * How rendered markdown looks in a narrow box, and why it never runs out of it: any long token
 * (a 77-digit asset id, a URL) breaks anywhere, code wraps, tables stay inside.
 */
export const MARKDOWN_CLASSES =
  'min-w-0 wrap-anywhere [&_a]:text-brand [&_a]:underline [&_code]:rounded [&_code]:bg-slate-800 [&_code]:px-1 [&_h1]:font-semibold [&_h2]:font-semibold [&_h3]:font-semibold [&_li]:ml-4 [&_ol]:list-decimal [&_p+p]:mt-2 [&_pre]:whitespace-pre-wrap [&_strong]:text-slate-100 [&_table]:block [&_table]:max-w-full [&_table]:overflow-x-auto [&_ul]:list-disc';

/**
 * The bot's analysis text is markdown from outside the product: rendered without raw HTML, then
 * sanitized, so a `<script>` or an `onerror=` in it is inert text (all text is markdown).
 * Long sections scroll inside a capped height.
 */
export function MarkdownText({
  children,
  tone = 'text-slate-300',
}: {
  children: string;
  /** The text colour (cn only joins classes: one colour, never two competing). */
  tone?: string;
}) {
  return (
    <div className={cn('max-h-64 overflow-y-auto text-sm leading-relaxed', MARKDOWN_CLASSES, tone)}>
      <UntrustedMarkdown>{children}</UntrustedMarkdown>
    </div>
  );
}
