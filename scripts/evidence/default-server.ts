/**
 * The server `npm run evidence:verify` asks when no --server is given: the address the server
 * started from the same environment answers on, by the server's own rule (src/main/config.ts:
 * PUBLIC_URL, else http://HOST:PORT with HOST 127.0.0.1 and PORT 3000 by default). A server
 * bound to every interface (0.0.0.0, ::) is reached on the loopback.
 */
export function defaultServerAddress(env: Record<string, string | undefined>): string {
  const publicUrl = env.PUBLIC_URL?.trim();
  if (publicUrl) return publicUrl.replace(/\/+$/, '');
  const host = env.HOST?.trim() || '127.0.0.1';
  const reachable = host === '0.0.0.0' || host === '::' || host === '[::]' ? '127.0.0.1' : host;
  const port = env.PORT?.trim() || '3000';
  return `http://${reachable.includes(':') ? `[${reachable}]` : reachable}:${port}`;
}
