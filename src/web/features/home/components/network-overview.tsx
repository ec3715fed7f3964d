import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { SectionHeading } from './section-heading';

// With the query client, which it is the first on the landing to need.
const NetworkOverviewSection = lazy(() =>
  Promise.all([
    import('@/web/features/holders/components/network-overview-section'),
    import('@/web/lib/with-queries'),
  ]).then(([section, { WithQueries }]) => ({
    default: () => (
      <WithQueries>
        <section.default />
      </WithQueries>
    ),
  })),
);

/**
 * The network overview on the landing page. Its code (queries, list, CSV) loads only when the
 * visitor scrolls near it, so the landing's first load does not grow (decision 0026); the server
 * renders the heading and a placeholder of about the section's height (no layout shift).
 */
export function NetworkOverview() {
  const anchor = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const el = anchor.current;
    if (!el || near) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setNear(true);
      },
      { rootMargin: '600px 0px' },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [near]);
  return (
    <section
      aria-labelledby="network-title"
      id="network"
      className="mx-auto max-w-7xl px-4 py-20 sm:px-6"
    >
      <SectionHeading id="network-title" eyebrow="Network" title="$UP Network Overview">
        Who holds $UP on Constellation and on Base, from the latest snapshot and block.
      </SectionHeading>
      <div ref={anchor} className="mt-10 min-h-[600px]">
        {near && (
          <Suspense fallback={null}>
            <NetworkOverviewSection />
          </Suspense>
        )}
      </div>
    </section>
  );
}
