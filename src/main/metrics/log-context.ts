import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The ids bound to the request or job running now (`telemetry.withLogIds`): the logger's mixin
 * adds them to every line written inside it, across awaits, so a line ties to its request or
 * post without each call site passing them.
 */
const ids = new AsyncLocalStorage<Record<string, string>>();

export function withLogIds<T>(bound: Record<string, string>, fn: () => T): T {
  const outer = ids.getStore();
  return ids.run(outer ? { ...outer, ...bound } : bound, fn);
}

/** pino's `mixin`: the bound ids, or nothing. */
export function logIds(): Record<string, string> {
  return ids.getStore() ?? {};
}
