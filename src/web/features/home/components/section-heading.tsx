import type { ReactNode } from 'react';

/** Eyebrow, heading and lead used by every landing section; `id` labels the section. */
export function SectionHeading({
  id,
  eyebrow,
  title,
  children,
}: {
  id: string;
  eyebrow: string;
  title: string;
  children?: ReactNode;
}) {
  return (
    <div className="max-w-2xl">
      <p className="text-sm font-semibold uppercase tracking-widest text-brand">{eyebrow}</p>
      <h2 id={id} className="mt-2 text-3xl font-bold tracking-tight text-slate-50 sm:text-4xl">
        {title}
      </h2>
      {children && <p className="mt-4 text-lg text-slate-300">{children}</p>}
    </div>
  );
}
