import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { pathUnder } from '../faults/match.ts';
import type { TwinFault } from '../faults/store.ts';
import type { XEnv } from './context.ts';
import { problem, statusProblem } from './problems.ts';
import { FIFTEEN_MINUTES, setRateHeaders } from './rate-limit.ts';

/**
 * An injected status in X's own shape (the shared switch in `src/sandbox/faults/` decides when):
 * problem+json, and a 429 carries the rate-limit headers of the endpoint it stands in for.
 */
export function xFaultAnswer(env: XEnv) {
  return (c: Context, status: number, fault: TwinFault) => {
    if (status === 429) {
      // A storm with a duration ends then, and says so (X names the end of its window); a
      // counted one names X's 15-minute window.
      const windowEnd = env.now().getTime() + FIFTEEN_MINUTES;
      const end = fault.expiresAt ? Math.min(fault.expiresAt.getTime(), windowEnd) : windowEnd;
      const reset = Math.ceil(end / 1000);
      const limit = limitFor(env, c.req.method, pathUnder(env.basePath, c.req.path));
      setRateHeaders(c, { limit, remaining: 0, reset, exceeded: true });
    }
    return problem(c, status as ContentfulStatusCode, statusProblem(status));
  };
}

/** The real window size of the endpoint a 429 fault stands in for. */
function limitFor(env: XEnv, method: string, path: string): number {
  const l = env.limits;
  if (path === '/2/users/me') return l.usersMe;
  if (/^\/2\/users\/[^/]+\/mentions$/.test(path)) return l.mentions;
  if (/^\/2\/users\/[^/]+\/tweets$/.test(path)) return l.userTweets;
  if (path === '/2/tweets') return method === 'GET' ? l.tweetLookup : l.tweetCreate;
  if (path.startsWith('/2/tweets/')) return method === 'DELETE' ? l.tweetDelete : l.tweetLookup;
  return l.usersLookup;
}
