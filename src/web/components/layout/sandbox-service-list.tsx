import { useEffect, useState } from 'react';
import { asRecord, stringField } from '@/web/lib/json-fields';

interface Service {
  name: string;
  /** A page a person can open (the local X's timeline), if the simulator has one. */
  url?: string;
  baseUrl: string;
  /** Why the simulator could not start (GET /sandbox lists it with status 'failed'). */
  failure?: string;
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
      failure: s?.status === 'failed' ? (stringField(s.error) ?? 'It could not start.') : undefined,
    };
  });
}

/**
 * The sandbox banner's list of local services, its own chunk: it loads (and reads the index)
 * only when a visitor opens the list, so the landing's first load does not carry it.
 */
export default function SandboxServiceList({ indexUrl }: { indexUrl: string }) {
  const [services, setServices] = useState<Service[] | 'error' | null>(null);
  useEffect(() => {
    loadServices(indexUrl).then(setServices, () => setServices('error'));
  }, [indexUrl]);
  return (
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
            {s.failure && <span className="text-red-300"> failed: {s.failure}</span>}
          </li>
        ))}
    </ul>
  );
}
