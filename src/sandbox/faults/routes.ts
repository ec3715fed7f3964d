import { Hono } from 'hono';
import { type FaultSwitch, faultInjection } from './inject.ts';
import { faultSpec, KIND_SERVICE } from './spec.ts';
import { addFault, clearFaults, listFaults, type TwinFault } from './store.ts';

/** One fault as the admin API shows it (the local X's original fields first). */
function describeFault(f: TwinFault) {
  return {
    id: f.id,
    kind: f.kind,
    path: f.pathPattern,
    method: f.method,
    status: f.status,
    delayMs: f.delayMs,
    timeoutMs: f.timeoutMs,
    reset: f.reset,
    afterHandling: f.afterHandling,
    count: f.remaining,
    expiresAt: f.expiresAt?.toISOString() ?? null,
  };
}

/** `POST|GET|DELETE /_admin/faults` of one twin. */
export function faultAdminRoutes(sw: FaultSwitch) {
  const app = new Hono();
  app.post('/', async (c) => {
    const parsed = faultSpec.safeParse(await c.req.json().catch(() => undefined));
    if (!parsed.success) {
      const message = parsed.error.issues
        .map((i) => `${i.path.join('.') || 'body'}: ${i.message}`)
        .join('; ');
      return c.json({ error: { code: 'invalid_request', message } }, 400);
    }
    const spec = parsed.data;
    if (spec.kind !== 'request' && sw.service !== KIND_SERVICE[spec.kind]) {
      const twin = KIND_SERVICE[spec.kind] === 'x' ? 'X' : 'Constellation networks';
      const message = `${spec.kind} is a fault of the local ${twin} only`;
      return c.json({ error: { code: 'invalid_request', message } }, 400);
    }
    return c.json(describeFault(await addFault(sw.db, sw.service, sw.basePath, spec)), 201);
  });
  app.get('/', async (c) =>
    c.json({ faults: (await listFaults(sw.db, sw.service)).map(describeFault) }),
  );
  app.delete('/', async (c) => {
    await clearFaults(sw.db, sw.service);
    return c.body(null, 204);
  });
  return app;
}

/**
 * Gives a twin's app the shared fault switch: its admin routes and the injection in front of
 * every other route. Call it on the twin's fresh app, before any other route or middleware.
 */
export function installFaults(app: Hono, sw: FaultSwitch) {
  app.route('/_admin/faults', faultAdminRoutes(sw));
  app.use('*', faultInjection(sw));
}
