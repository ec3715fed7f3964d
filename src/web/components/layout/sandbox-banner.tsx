import { lazy, Suspense, useState } from 'react';
import { publicConfig } from '@/web/lib/public-config';

// Loaded when the list is first opened: the landing's first load (90 KB goal) does not carry it.
const SandboxServiceList = lazy(() => import('./sandbox-service-list'));

/**
 * The thin notice on every page while the product runs against its local simulators (the
 * server sets sandboxIndexUrl only then). The list of services is fetched only when opened:
 * this sits on the landing route, whose JS budget is 90 KB. The text stays short (one or two
 * lines of small type): it is painted before the hero, and a long block here was the
 * landing's LCP element (decision 0029).
 */
export function SandboxBanner() {
  const indexUrl = publicConfig.sandboxIndexUrl;
  if (!indexUrl) return null;
  return (
    <aside
      aria-label="Sandbox"
      className="border-b border-amber-400/30 bg-amber-950/60 text-xs text-amber-100"
    >
      <div className="mx-auto flex max-w-7xl flex-wrap items-baseline gap-x-3 gap-y-1 px-4 py-1.5 sm:px-6">
        <p>
          <strong className="font-semibold text-amber-300">Sandbox</strong>: local simulators stand
          in for every outside service; no real network, no real money.{' '}
          <a href={indexUrl} className="underline hover:text-white">
            Sandbox index
          </a>
        </p>
        <ServiceList indexUrl={indexUrl} />
      </div>
    </aside>
  );
}

function ServiceList({ indexUrl }: { indexUrl: string }) {
  const [opened, setOpened] = useState(false);
  return (
    <details
      onToggle={(e) => {
        if (e.currentTarget.open) setOpened(true);
      }}
    >
      <summary className="cursor-pointer underline hover:text-white">Local services</summary>
      {opened && (
        <Suspense fallback={<p className="mt-1 pb-1">Loading...</p>}>
          <SandboxServiceList indexUrl={indexUrl} />
        </Suspense>
      )}
    </details>
  );
}
