/** The server's own defaults when HOST / PORT are not set (src/main/config.ts reads them from here). */
export const DEFAULT_HOST = '127.0.0.1';
export const DEFAULT_PORT = 3000;

/**
 * The address a server started from these settings answers on: PUBLIC_URL, else http://HOST:PORT.
 * One rule for the server's own origin, `npm run doctor` and `npm run evidence:verify` (issue 43 §5),
 * so a tool run beside the server asks that server, not port 3000. A server bound to every
 * interface (0.0.0.0, ::) is reached on the loopback: browsers refuse 0.0.0.0 as a destination.
 */
export function serverAddress(env: {
  PUBLIC_URL?: string | undefined;
  HOST?: string | undefined;
  PORT?: string | number | undefined;
}): string {
  const publicUrl = env.PUBLIC_URL?.trim();
  if (publicUrl) return publicUrl.replace(/\/+$/, '');
  const host = env.HOST?.trim() || DEFAULT_HOST;
  const reachable = host === '0.0.0.0' || host === '::' || host === '[::]' ? DEFAULT_HOST : host;
  const port = String(env.PORT ?? '').trim() || String(DEFAULT_PORT);
  const bracketed =
    reachable.includes(':') && !reachable.startsWith('[') ? `[${reachable}]` : reachable;
  return `http://${bracketed}:${port}`;
}
