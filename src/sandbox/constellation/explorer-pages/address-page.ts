import type { Context } from 'hono';
import type { Db } from '@/db/client.ts';
import { isValidDagAddress } from '@/shared/dag-address.ts';
import { TOKENS, type Token } from '@/shared/tokens.ts';
import { formatTokenAmountExact } from '@/shared/units.ts';
import { html } from '../../x/web/html.ts';
import { readAccount, readNetwork } from '../ledger.ts';
import type { TokenNetwork } from '../network.ts';
import { addressPath, renderExplorerError, renderExplorerPage, transactionPath } from './layout.ts';
import { type ExplorerTransaction, recentTransactions } from './queries.ts';

const RECENT_LIMIT = 50;

export interface ExplorerPagesEnv {
  db: Db;
  nets: Record<Token, TokenNetwork>;
  /** Names of the genesis wallets (faucet, liquidity pool...), shown next to their address. */
  labels: ReadonlyMap<string, string>;
}

/** An address link, with the wallet's name when it is a known one. */
export function addressLink(env: ExplorerPagesEnv, address: string) {
  const label = env.labels.get(address);
  return html`<a class="mono" href="${addressPath(address)}">${address}</a>${label ? html` <span class="muted">(${label})</span>` : null}`;
}

const shortHash = (hash: string) => `${hash.slice(0, 10)}…${hash.slice(-6)}`;

function transactionRow(env: ExplorerPagesEnv, self: string, t: ExplorerTransaction) {
  const sent = t.source === self;
  return html`<tr>
    <td><a class="mono" href="${transactionPath(t.hash)}" title="${t.hash}">${shortHash(t.hash)}</a></td>
    <td>${t.token}</td>
    <td>${sent ? 'Sent' : 'Received'}</td>
    <td>${addressLink(env, sent ? t.destination : t.source)}</td>
    <td class="num">${formatTokenAmountExact(t.amount)}</td>
    <td><span class="status-${t.status}">${t.status}</span></td>
    <td class="num">${t.snapshotOrdinal === null ? '—' : t.snapshotOrdinal.toString()}</td>
    <td class="muted">${t.receivedAt.toISOString().replace('T', ' ').slice(0, 19)} UTC</td>
  </tr>`;
}

/** `GET …/address/:address`: balances on the three tokens and recent transactions. */
export function addressPage(env: ExplorerPagesEnv) {
  return async (c: Context) => {
    const address = c.req.param('address') ?? '';
    if (!isValidDagAddress(address)) {
      return renderExplorerError(c, 400, 'Invalid address', address);
    }
    const [balances, recent] = await Promise.all([
      Promise.all(
        TOKENS.map(async (token) => {
          const [account, head] = await Promise.all([
            readAccount(env.db, env.nets[token], address),
            readNetwork(env.db, token),
          ]);
          return { token, balance: account.balance, ordinal: head?.snapshotOrdinal ?? 0n };
        }),
      ),
      recentTransactions(env.db, address, RECENT_LIMIT),
    ]);
    const label = env.labels.get(address);
    const body = html`<h1>Address${label ? html` <span class="muted">(${label})</span>` : null}</h1>
      <p class="mono">${address}</p>
      <h2>Balances</h2>
      <div class="table-wrap"><table>
        <thead><tr><th>Token</th><th class="num">Balance</th><th class="num">As of snapshot</th></tr></thead>
        <tbody>${balances.map(
          (b) =>
            html`<tr><td>${b.token}</td><td class="num">${formatTokenAmountExact(b.balance)} ${b.token}</td><td class="num">${b.ordinal.toString()}</td></tr>`,
        )}</tbody>
      </table></div>
      <h2>Recent transactions</h2>
      ${
        recent.length
          ? html`<div class="table-wrap"><table>
        <thead><tr><th>Hash</th><th>Token</th><th>Direction</th><th>Counterparty</th><th class="num">Amount</th><th>Status</th><th class="num">Snapshot</th><th>Time</th></tr></thead>
        <tbody>${recent.map((t) => transactionRow(env, address, t))}</tbody>
      </table></div>`
          : html`<p class="muted">No transactions yet.</p>`
      }`;
    return renderExplorerPage(c, { title: `Address ${address}`, body });
  };
}
