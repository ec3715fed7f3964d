import { useState } from 'react';
import { asRecord, stringField } from '@/web/lib/json-fields';
import { publicConfig } from '@/web/lib/public-config';

interface Service {
  name: string;
  /** A page a person can open (the local X's timeline), if the simulator has one. */
  url?: string;
  baseUrl: string;
}

/** Reads GET /sandbox: each simulator, its base URL, and its web page when it has one. */
async function loadServices(indexUrl: string): Promise<Service[]> {
  const res = await fetch(indexUrl, { headers: { accept: 'application/json' } });
  if (!res.ok) throw new Error(`${res.status}`);
  const services = asRecord(asRecord(await res.json())?.services) ?? {};
  return Object.entries(services).map(([name, value]) => {
    const s = asRecord(value);
    return {
      name,
      url: stringField(s?.timelineUrl) ?? stringField(s?.webUrl) ?? undefined,
      baseUrl: String(s?.baseUrl),
    };
  });
}

/**
 * The thin notice on every page while the product runs against its local simulators (the
 * server sets sandboxIndexUrl only then). The list of services is fetched only when opened:
 * this sits on the landing route, whose JS budget is 90 KB. The text stays short (one or two
 * lines of small type): it is painted before the hero, and a long block here was the
 * landing's LCP element (issue 11).
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
  const [services, setServices] = useState<Service[] | 'error' | null>(null);
  return (
    <details
      onToggle={(e) => {
        if (!e.currentTarget.open || services) return;
        loadServices(indexUrl).then(setServices, () => setServices('error'));
      }}
    >
      <summary className="cursor-pointer underline hover:text-white">Local services</summary>
      <ul className="mt-1 flex flex-col gap-1 pb-1">
        {services === null && <li>Loading...</li>}
        {services === 'error' && <li>The sandbox index could not be read.</li>}
        {Array.isArray(services) &&
          services.map((s) => (
            <li key={s.name}>
              {s.url ? (
                <a href={s.url} className="font-semibold underline hover:text-white">
                  {s.name}
                </a>
              ) : (
                <span className="font-semibold">{s.name}</span>
              )}{' '}
              <code>{s.baseUrl}</code>
            </li>
          ))}
      </ul>
    </details>
  );
}
