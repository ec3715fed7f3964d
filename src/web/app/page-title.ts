const BRAND = 'Upsider';

/** True when `path` fits a route pattern like '/receipts/:postId'. */
export function matchesRoute(pattern: string, path: string): boolean {
  const a = pattern.split('/');
  const b = path.replace(/\/+$/, '').split('/');
  if (a.length !== b.length) return false;
  return a.every((part, i) => (part.startsWith(':') ? b[i] !== '' : part === b[i]));
}

/** 'Dashboard — Upsider' for a listed page; the home page (and any unknown path) is 'Upsider'. */
export function pageTitle(routes: readonly { path: string; title: string }[], path: string) {
  const route = routes.find((r) => matchesRoute(r.path, path));
  return route ? `${route.title} — ${BRAND}` : BRAND;
}
