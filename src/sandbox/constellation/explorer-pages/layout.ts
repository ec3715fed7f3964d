import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { html, SafeHtml } from '../../x/web/html.ts';
import { CONSTELLATION_SANDBOX_PATH } from '../client-config.ts';

/** Where the human-readable explorer pages live (links between pages are root-relative). */
export const EXPLORER_PAGES_PATH = `${CONSTELLATION_SANDBOX_PATH}/explorer`;

export const addressPath = (address: string) =>
  `${EXPLORER_PAGES_PATH}/address/${encodeURIComponent(address)}`;
export const transactionPath = (hash: string) =>
  `${EXPLORER_PAGES_PATH}/transactions/${encodeURIComponent(hash)}`;

/** Plain CSS (the product's CSP allows inline styles, never scripts). */
const STYLES = `
:root{color-scheme:light dark;--bg:#fff;--fg:#111827;--muted:#4b5563;--line:#e5e7eb;
--accent:#1d4ed8;--ok:#047857;--wait:#92400e}
@media (prefers-color-scheme:dark){:root{--bg:#0b0f19;--fg:#e5e7eb;--muted:#9ca3af;--line:#1f2937;
--accent:#93c5fd;--ok:#6ee7b7;--wait:#fcd34d}}
*{box-sizing:border-box}
body{margin:0;background:var(--bg);color:var(--fg);
font:15px/1.5 -apple-system,BlinkMacSystemFont,"Segoe UI",Roboto,Helvetica,Arial,sans-serif}
a{color:var(--accent)}
.shell{max-width:960px;margin:0 auto;padding:0 16px 32px}
.top{display:flex;justify-content:space-between;align-items:center;padding:12px 0;
border-bottom:1px solid var(--line);margin-bottom:16px}
.top strong{font-size:17px}
h1{font-size:22px;margin:8px 0}
h2{font-size:17px;margin:24px 0 8px}
.muted{color:var(--muted)}
.mono{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;overflow-wrap:anywhere}
table{width:100%;border-collapse:collapse}
th,td{text-align:left;padding:8px;border-bottom:1px solid var(--line);vertical-align:top}
td.num,th.num{text-align:right;white-space:nowrap}
dl{display:grid;grid-template-columns:max-content 1fr;gap:8px 16px;margin:0}
dt{font-weight:600}
dd{margin:0}
.status-accepted{color:var(--ok);font-weight:600}
.status-waiting{color:var(--wait);font-weight:600}
.table-wrap{overflow-x:auto}
`;

export interface ExplorerPageOptions {
  title: string;
  body: SafeHtml;
  status?: ContentfulStatusCode;
}

/** The frame of every local explorer page: a header saying it is the local network, one <main>. */
export function renderExplorerPage(c: Context, o: ExplorerPageOptions) {
  const page = html`<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${o.title} / DAG Explorer (sandbox)</title>
<style>${new SafeHtml(STYLES)}</style></head>
<body><div class="shell">
<header class="top"><strong>DAG Explorer</strong><span class="muted">Local sandbox network: nothing here is on mainnet</span></header>
<main>${o.body}</main>
</div></body></html>`;
  return c.html(page.value, o.status ?? 200);
}

/** An error page (bad address, unknown transaction) that repeats the request, escaped. */
export function renderExplorerError(
  c: Context,
  status: ContentfulStatusCode,
  title: string,
  detail: string,
) {
  const body = html`<h1>${title}</h1><p class="mono muted">${detail}</p>`;
  return renderExplorerPage(c, { title, body, status });
}
