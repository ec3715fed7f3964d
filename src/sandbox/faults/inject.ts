import type { Context, MiddlewareHandler } from 'hono';
import type { Db } from '@/db/client.ts';
import { realTimer, type SetTimer } from '@/shared/loop.ts';
import { pathUnder } from './match.ts';
import { type TwinFault, takeFault } from './store.ts';

/** How a twin answers an injected status in its own error shape (X: problem+json). */
export type FaultAnswer = (
  c: Context,
  status: number,
  fault: TwinFault,
) => Response | Promise<Response>;

export interface FaultSwitch {
  db: Db;
  /** The twin's name (`x`, `llm`…): its faults are its own. */
  service: string;
  basePath: string;
  answer?: FaultAnswer;
  /**
   * The path faults match, when the URL alone does not say what is asked (Base's JSON-RPC:
   * `/rpc/eth_getLogs`, so a range error can hit the log reads only).
   */
  requestPath?: (c: Context, path: string) => Promise<string>;
  /** What a delay or timeout waits on: the twin's timers (SandboxContext), real when absent. */
  setTimer?: SetTimer;
}

/**
 * Thrown to drop a connection. Not an `Error` on purpose: Hono hands every `Error` to the app's
 * error handler (a 500), but lets anything else through, so a product client calling in-process
 * (`app.request`) sees its fetch fail as it would on a reset socket.
 */
export const CONNECTION_DROPPED = Object.freeze({
  name: 'TypeError',
  message: 'fetch failed',
  cause: Object.freeze({ code: 'ECONNRESET', message: 'the sandbox dropped the connection' }),
});

export const defaultAnswer: FaultAnswer = (c, status) =>
  c.json(
    { error: { code: 'injected_fault', message: `Injected fault: this twin answers ${status}` } },
    status as 500,
  );

/**
 * Answers injected faults before any real handling (the faults admin itself is never faulted):
 * a delay holds the request, then a timeout holds it until the client gives up or the timeout
 * passes, a reset drops the connection, a status is answered; otherwise it is handled as usual.
 * With `afterHandling` the request is handled first and then its answer is lost.
 */
export function faultInjection(sw: FaultSwitch): MiddlewareHandler {
  return async (c, next) => {
    const urlPath = pathUnder(sw.basePath, c.req.path);
    if (urlPath.startsWith('/_admin/faults')) return next();
    const path = sw.requestPath ? await sw.requestPath(c, urlPath) : urlPath;
    const fault = await takeFault(sw.db, sw.service, c.req.method, path);
    if (!fault) return next();
    const hold = holder(c.req.raw.signal, sw.setTimer ?? realTimer());
    if (fault.delayMs > 0) await hold(fault.delayMs);
    if (fault.afterHandling) {
      // The twin does the work (X makes the post); only the answer never arrives.
      await next();
      if (fault.timeoutMs !== null) await hold(fault.timeoutMs);
      dropConnection(c);
    }
    if (fault.timeoutMs !== null) {
      await hold(fault.timeoutMs);
      dropConnection(c);
    }
    if (fault.reset) dropConnection(c);
    if (fault.status === null) return next();
    return (sw.answer ?? defaultAnswer)(c, fault.status, fault);
  };
}

/** A slow service's wait on the twin's timers, cut short when the client gives up. */
const holder = (signal: AbortSignal, setTimer: SetTimer) => (ms: number) =>
  new Promise<void>((resolve) => {
    const cancel = setTimer(async () => resolve(), ms);
    signal.addEventListener('abort', () => {
      cancel();
      resolve();
    });
  });

/** Destroys the socket on a real server (node adapter), and fails an in-process request. */
function dropConnection(c: Context): never {
  const incoming = (c.env as { incoming?: { socket?: { destroy(): void } } } | undefined)?.incoming;
  incoming?.socket?.destroy();
  throw CONNECTION_DROPPED;
}
