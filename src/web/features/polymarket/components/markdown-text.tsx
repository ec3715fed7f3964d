import { useLayoutEffect, useRef, useState } from 'react';
import { UntrustedMarkdown } from '@/web/features/analyses/components/untrusted-markdown';
import { cn } from '@/web/lib/cn';

/**
 * How rendered markdown looks in a narrow box, and why it never runs out of it: any long token
 * (a 77-digit asset id, a URL) breaks anywhere, code wraps, tables stay inside. Paragraphs are
 * one blank line apart (1lh), so text keeps a rhythm of whole lines the capped box can end on.
 */
export const MARKDOWN_CLASSES =
  'min-w-0 wrap-anywhere [&_a]:text-brand [&_a]:underline [&_code]:rounded [&_code]:bg-slate-800 [&_code]:px-1 [&_h1]:font-semibold [&_h2]:font-semibold [&_h3]:font-semibold [&_li]:ml-4 [&_ol]:list-decimal [&_p+p]:mt-[1lh] [&_pre]:whitespace-pre-wrap [&_strong]:text-slate-100 [&_table]:block [&_table]:max-w-full [&_table]:overflow-x-auto [&_ul]:list-disc';

/**
 * The bot's analysis text is markdown from outside the product: rendered without raw HTML, then
 * sanitized, so a `<script>` or an `onerror=` in it is inert text (all text is markdown).
 * Long sections scroll inside a capped height of whole lines (10lh: a box of 16rem cut the last
 * line in half, issue 43 §5); a box that scrolls can be reached by keyboard (axe's
 * scrollable-region-focusable), one that does not adds no tab stop.
 */
export function MarkdownText({
  children,
  tone = 'text-slate-300',
}: {
  children: string;
  /** The text colour (cn only joins classes: one colour, never two competing). */
  tone?: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  const [scrolls, setScrolls] = useState(false);
  useLayoutEffect(() => {
    const el = box.current;
    if (el) setScrolls(el.scrollHeight > el.clientHeight);
  }, []);
  return (
    <div
      ref={box}
      tabIndex={scrolls ? 0 : undefined}
      data-testid="analysis-text"
      className={cn('max-h-[10lh] overflow-y-auto text-sm leading-relaxed', MARKDOWN_CLASSES, tone)}
    >
      <UntrustedMarkdown>{children}</UntrustedMarkdown>
    </div>
  );
}
