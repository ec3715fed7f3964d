import path from 'node:path';
import type { ApiDeps } from '../deps.ts';
import { htmlSecurityHeaders } from '../http/security-headers.ts';
import { staticPageHeads } from '../share/head-tags.ts';
import { loadStaticSite } from './spa.ts';

// Apart from app.ts so the server can load the site and listen before it loads the rest of the
// API (src/main/server.ts; decision 0025).

/** The headers every HTML page carries (CSP allows the analytics origin when configured). */
export function pageHeaders(deps: Pick<ApiDeps, 'config'>) {
  const plausibleOrigin = deps.config.plausible ? [new URL(deps.config.plausible.url).origin] : [];
  // The overview reads the main wallet's balance from the public block explorer (decision 0010).
  const mainWallet = deps.config.publicConfig.mainWalletBalanceUrl;
  const explorerOrigin = mainWallet ? [new URL(mainWallet).origin] : [];
  return htmlSecurityHeaders({ connectSrc: [...plausibleOrigin, ...explorerOrigin] });
}

/** The built SPA in memory (null when not built). */
export function loadSite(deps: Pick<ApiDeps, 'config'>, distDir = path.resolve('dist/web')) {
  return loadStaticSite(
    distDir,
    deps.config.publicConfig,
    pageHeaders(deps),
    staticPageHeads(deps.config.publicUrl, deps.config.publicConfig.agentHandle),
  );
}
