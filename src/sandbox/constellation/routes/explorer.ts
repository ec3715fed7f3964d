import { and, eq, or } from 'drizzle-orm';
import { Hono } from 'hono';
import type { Db } from '@/db/client.ts';
import { isValidDagAddress } from '@/shared/dag-address.ts';
import { constellationTransactions as accepted } from '../../db/schema/constellation.ts';
import { headOrdinal, readAccount, readNetwork } from '../ledger.ts';
import type { TokenNetwork } from '../network.ts';
import { explorerTransactionView, snapshotByHash, snapshotExists, snapshotView } from '../views.ts';
import { explorerPage } from './explorer-page.ts';
import { bigJson, explorerError } from './respond.ts';

/**
 * The block explorer (§3.3 "Block Explorer"): DAG routes at the root, each metagraph's under
 * `/currency/{metagraphId}`. Bodies are `{data: …}`; errors `{"message", "errors": []}`.
 */
export function explorerRoutes(db: Db, nets: TokenNetwork[]) {
  const app = new Hono();
  const dag = nets.find((n) => !n.metagraphId);
  if (dag) app.route('/', tokenRoutes(db, dag, '/global-snapshots'));
  for (const net of nets.filter((n) => n.metagraphId)) {
    app.route(`/currency/${net.metagraphId}`, tokenRoutes(db, net, '/snapshots'));
  }
  app.get('/currency', (c) =>
    c.json({
      data: nets
        .filter((n) => n.metagraphId)
        .map((n) => ({ id: n.metagraphId, name: n.token, symbol: n.token })),
    }),
  );
  app.all('*', (c) => explorerError(c, 404, 'Not found'));
  return app;
}

function tokenRoutes(db: Db, net: TokenNetwork, snapshotsPath: string) {
  return (
    new Hono()
      .get('/addresses/:address/balance', async (c) => {
        const address = c.req.param('address');
        if (!isValidDagAddress(address)) return explorerError(c, 400, 'Invalid address');
        // Unknown address: balance 0 at the latest snapshot ordinal (source: findBalanceByAddress).
        const [{ balance }, head] = await Promise.all([
          readAccount(db, net, address),
          readNetwork(db, net.token),
        ]);
        return bigJson(c, {
          data: { address, balance, ordinal: head?.snapshotOrdinal ?? 0n },
          meta: {},
        });
      })
      .get('/transactions/:hash', async (c) => {
        const [tx] = await db
          .select()
          .from(accepted)
          .where(and(eq(accepted.token, net.token), eq(accepted.hash, c.req.param('hash'))));
        return tx
          ? bigJson(c, { data: explorerTransactionView(tx) })
          : explorerError(c, 404, 'Not found');
      })
      .get('/addresses/:address/transactions/:direction{sent|received}?', async (c) => {
        const address = c.req.param('address');
        const direction = c.req.param('direction');
        const who =
          direction === 'sent'
            ? eq(accepted.source, address)
            : direction === 'received'
              ? eq(accepted.destination, address)
              : or(eq(accepted.source, address), eq(accepted.destination, address));
        return explorerPage(c, db, net.token, who);
      })
      // The real explorer's per-snapshot list (`{hashOrOrdinal}/transactions`): one call shows
      // everything a snapshot accepted, where a poller would otherwise read a page per address.
      .get(`${snapshotsPath}/:term/transactions`, async (c) => {
        const ordinal = await snapshotOrdinal(db, net.token, c.req.param('term'));
        if (ordinal === undefined) return explorerError(c, 404, 'Not found');
        return explorerPage(c, db, net.token, eq(accepted.snapshotOrdinal, ordinal), async () =>
          (await snapshotExists(db, net.token, ordinal))
            ? null
            : explorerError(c, 404, 'Not found'),
        );
      })
      .get(`${snapshotsPath}/latest`, async (c) => {
        const snap = await snapshotView(db, net.token);
        return snap
          ? bigJson(c, {
              data: {
                ordinal: snap.value.ordinal,
                hash: snap.hash,
                lastSnapshotHash: snap.value.lastSnapshotHash,
                timestamp: snap.timestamp,
              },
            })
          : explorerError(c, 404, 'Not found');
      })
  );
}

/** `{hashOrOrdinal}` of the explorer's snapshot routes, or `latest`; undefined when unknown. */
async function snapshotOrdinal(db: Db, token: string, term: string) {
  if (term === 'latest') return headOrdinal(db, token);
  if (/^[0-9]{1,19}$/.test(term)) return BigInt(term);
  if (/^[0-9a-f]{64}$/i.test(term)) {
    return (await snapshotByHash(db, token, term.toLowerCase()))?.ordinal;
  }
  return undefined;
}
