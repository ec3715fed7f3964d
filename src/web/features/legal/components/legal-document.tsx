import type { ReactNode } from 'react';

export interface LegalSection {
  id: string;
  title: string;
  body: ReactNode;
}

/** Long US date of `date`, e.g. "November 22, 2026". */
export function formatLongDate(date: Date): string {
  return date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
}

/** Local calendar date as YYYY-MM-DD, for <time dateTime>. */
function isoLocalDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * Layout of a legal page: title, 'Last updated' (today, computed at render: the text is served
 * as the current version), a table of contents and one numbered <section> with an <h2> each.
 */
export function LegalDocument({
  title,
  summary,
  sections,
}: {
  title: string;
  summary: string;
  sections: LegalSection[];
}) {
  const today = new Date();
  return (
    <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6 lg:py-16">
      <header className="max-w-3xl border-b border-slate-800 pb-8">
        <h1 className="text-4xl font-bold tracking-tight text-slate-50">{title}</h1>
        <p className="mt-3 text-sm text-slate-400">
          Last updated: <time dateTime={isoLocalDate(today)}>{formatLongDate(today)}</time>
        </p>
        <p className="mt-4 text-slate-300">{summary}</p>
      </header>
      <div className="mt-10 grid gap-10 lg:grid-cols-[16rem_1fr]">
        <nav aria-label="Contents" className="lg:sticky lg:top-24 lg:self-start">
          <h2 className="text-xs font-semibold uppercase tracking-widest text-slate-400">
            Contents
          </h2>
          <ol className="mt-3 space-y-1.5 text-sm">
            {sections.map((section, index) => (
              <li key={section.id}>
                <a
                  href={`#${section.id}`}
                  className="text-slate-400 transition-colors hover:text-brand focus-visible:outline-2 focus-visible:outline-brand"
                >
                  {index + 1}. {section.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        <article className="max-w-3xl space-y-10 text-slate-300 leading-relaxed [&_a]:text-brand [&_a]:underline [&_a]:underline-offset-2 [&_li]:mt-1.5 [&_p+p]:mt-3 [&_ul]:mt-3 [&_ul]:list-disc [&_ul]:pl-5">
          {sections.map((section, index) => (
            <section
              key={section.id}
              id={section.id}
              aria-labelledby={`${section.id}-title`}
              className="scroll-mt-24"
            >
              <h2 id={`${section.id}-title`} className="mb-3 text-xl font-semibold text-slate-50">
                {index + 1}. {section.title}
              </h2>
              {section.body}
            </section>
          ))}
        </article>
      </div>
    </div>
  );
}
