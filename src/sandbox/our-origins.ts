/**
 * Whether a browser's Origin is the sandbox's own page. Only the configured public URL and the
 * origin the request came to when that is a loopback name: an origin taken from the Host header
 * alone would accept DNS rebinding (a page on evil.example whose name now resolves to 127.0.0.1
 * sends `Host:` and `Origin:` both naming evil.example).
 */
export function isOurOrigin(origin: string, requestUrl: string, publicUrl: string): boolean {
  if (origin === new URL(publicUrl).origin) return true;
  const reached = new URL(requestUrl);
  return origin === reached.origin && isLoopbackHost(reached.hostname);
}

/** localhost (and *.localhost, which browsers resolve to it), 127.0.0.0/8 and [::1]. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    /^127(\.\d{1,3}){3}$/.test(host) ||
    host === '[::1]'
  );
}
