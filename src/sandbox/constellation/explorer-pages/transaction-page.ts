import type { Context } from 'hono';
import { formatTokenAmountExact } from '@/shared/units.ts';
import { html } from '../../x/web/html.ts';
import { addressLink, type ExplorerPagesEnv } from './address-page.ts';
import { renderExplorerError, renderExplorerPage } from './layout.ts';
import { findTransaction } from './queries.ts';

const HASH_PATTERN = /^[0-9a-f]{64}$/;

/** `GET …/transactions/:hash`: one transaction on any token, accepted or still waiting. */
export function transactionPage(env: ExplorerPagesEnv) {
  return async (c: Context) => {
    const hash = c.req.param('hash') ?? '';
    const t = HASH_PATTERN.test(hash) ? await findTransaction(env.db, hash) : null;
    if (!t) return renderExplorerError(c, 404, 'Transaction not found', hash);
    const amount = (units: bigint) => `${formatTokenAmountExact(units, 8)} ${t.token}`;
    const body = html`<h1>${t.token} transaction</h1>
      <dl>
        <dt>Hash</dt><dd class="mono">${t.hash}</dd>
        <dt>Token</dt><dd>${t.token}</dd>
        <dt>Status</dt><dd><span class="status-${t.status}">${t.status}</span></dd>
        <dt>Snapshot ordinal</dt><dd>${t.snapshotOrdinal === null ? 'not yet in a snapshot' : t.snapshotOrdinal.toString()}</dd>
        <dt>Source</dt><dd>${addressLink(env, t.source)}</dd>
        <dt>Destination</dt><dd>${addressLink(env, t.destination)}</dd>
        <dt>Amount</dt><dd>${amount(t.amount)}</dd>
        <dt>Fee</dt><dd>${amount(t.fee)}</dd>
        <dt>Parent</dt><dd>ordinal ${t.parent.ordinal.toString()}, <span class="mono">${t.parent.hash}</span></dd>
        <dt>Received</dt><dd>${t.receivedAt.toISOString()}</dd>
        <dt>Accepted</dt><dd>${t.acceptedAt ? t.acceptedAt.toISOString() : '—'}</dd>
      </dl>`;
    return renderExplorerPage(c, { title: `Transaction ${t.hash}`, body });
  };
}
