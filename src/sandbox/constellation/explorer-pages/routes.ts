import { Hono } from 'hono';
import { addressPage, type ExplorerPagesEnv } from './address-page.ts';
import { renderExplorerError } from './layout.ts';
import { metagraphsPage } from './metagraphs-page.ts';
import { transactionPage } from './transaction-page.ts';

/**
 * Human-readable block-explorer pages of the local network, the sandbox's stand-in for
 * dagexplorer.io (whose pages know nothing of sandbox wallets). Server-rendered, no scripts.
 */
export function explorerPageRoutes(env: ExplorerPagesEnv) {
  return new Hono()
    .get('/metagraphs', metagraphsPage(env))
    .get('/address/:address', addressPage(env))
    .get('/transactions/:hash', transactionPage(env))
    .all('*', (c) => renderExplorerError(c, 404, 'Page not found', c.req.path));
}
