/**
 * Patterns: an exact path, or `*` as a wildcard for any characters (`/2/*` = every API path,
 * `/2/users/*\/mentions` = every mentions timeline, `*` = everything). The query string is
 * never compared.
 */
export function faultMatches(pattern: string, path: string): boolean {
  const parts = pattern.split('*').map((p) => p.replace(/[.+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${parts.join('.*')}$`).test(path);
}

/** A path under the twin (`/2/tweets`), whether given with its mount (`/sandbox/x/2/tweets`) or not. */
export function pathUnder(basePath: string, path: string): string {
  if (path === '*') return path;
  const stripped = path.startsWith(`${basePath}/`) ? path.slice(basePath.length) : path;
  return stripped.startsWith('/') || stripped.startsWith('*') ? stripped : `/${stripped}`;
}
