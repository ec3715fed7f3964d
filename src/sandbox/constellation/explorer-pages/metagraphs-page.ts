import type { Context } from 'hono';
import { TOKENS } from '@/shared/tokens.ts';
import { html } from '../../x/web/html.ts';
import { readNetwork } from '../ledger.ts';
import type { ExplorerPagesEnv } from './address-page.ts';
import { addressLink } from './address-page.ts';
import { renderExplorerPage } from './layout.ts';

/**
 * `GET …/metagraphs`: the local network's stand-in for the metagraph explorer the landing links
 * to ("Metagraph explorer"): each token's metagraph id and latest snapshot, and the named wallets
 * of its genesis, each linking to its address page.
 */
export function metagraphsPage(env: ExplorerPagesEnv) {
  return async (c: Context) => {
    const heads = await Promise.all(
      TOKENS.map(async (token) => ({
        token,
        metagraphId: env.nets[token].metagraphId,
        ordinal: (await readNetwork(env.db, token))?.snapshotOrdinal ?? 0n,
      })),
    );
    const body = html`<h1>Metagraphs</h1>
      <p class="muted">The tokens of the local sandbox network and their latest snapshots.</p>
      <div class="table-wrap"><table>
        <thead><tr><th>Token</th><th>Metagraph id</th><th class="num">Latest snapshot</th></tr></thead>
        <tbody>${heads.map(
          (h) =>
            html`<tr><td>${h.token}</td><td class="mono">${h.metagraphId ?? 'Global L0 (the network itself)'}</td><td class="num">${h.ordinal.toString()}</td></tr>`,
        )}</tbody>
      </table></div>
      <h2>Named wallets</h2>
      <ul>${[...env.labels.keys()].map((address) => html`<li>${addressLink(env, address)}</li>`)}</ul>`;
    return renderExplorerPage(c, { title: 'Metagraphs', body });
  };
}
