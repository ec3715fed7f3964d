import { Hono } from 'hono';
import { isValidDagAddress } from '@/shared/dag-address.ts';
import { type DbOrTx, headOrdinal, readAccount, readNetwork } from '../ledger.ts';
import { withNodeProof } from '../snapshot-proofs.ts';
import { rejection } from '../validate.ts';
import { snapshotInfo, snapshotView, totals } from '../views.ts';
import type { SimContext } from './context.ts';
import { withNodeCommon } from './node-common.ts';
import { bigJson, nodeError } from './respond.ts';

/**
 * A global L0 (DAG: `/dag/...`, `/global-snapshots/...`) or a metagraph currency L0
 * (`/currency/...`, `/snapshots/...`). Snapshot routes answer 503 until genesis exists.
 */
export function l0Routes(ctx: SimContext) {
  const { net, db } = ctx;
  const wallet = net.metagraphId ? '/currency' : '/dag';
  const snaps = net.metagraphId ? '/snapshots' : '/global-snapshots';
  const app = new Hono();

  // Once genesis exists it stays: readiness is looked up until then, not on every request.
  let ready = false;
  app.use('*', async (c, next) => {
    ready ||= (await readNetwork(db, net.token)) !== null;
    if (!ready) return c.json({ message: 'Node is not ready yet' }, 503);
    await next();
  });

  app.get(`${wallet}/total-supply`, async (c) => {
    const [{ total }, head] = await Promise.all([
      totals(db, net.token),
      readNetwork(db, net.token),
    ]);
    return bigJson(c, { total, ordinal: head?.snapshotOrdinal });
  });
  app.get(`${wallet}/wallet-count`, async (c) => {
    const [{ count }, head] = await Promise.all([
      totals(db, net.token),
      readNetwork(db, net.token),
    ]);
    return bigJson(c, { count, ordinal: head?.snapshotOrdinal });
  });
  app.get(`${wallet}/:address/balance`, async (c) => {
    const address = c.req.param('address');
    if (!isValidDagAddress(address)) return nodeError(c, rejection('InvalidAddress', address));
    const [{ balance }, head] = await Promise.all([
      readAccount(db, net, address),
      readNetwork(db, net.token),
    ]);
    return bigJson(c, { balance, ordinal: head?.snapshotOrdinal });
  });

  app.get(`${snaps}/latest/ordinal`, async (c) => {
    return bigJson(c, { value: await headOrdinal(db, net.token) });
  });
  // Served signed by this node over the snapshot's hash, as a real L0's are (decision 0066).
  const signedView = async (tx: DbOrTx, ordinal?: bigint) =>
    withNodeProof(await snapshotView(tx, net.token, ordinal), ctx);
  app.get(`${snaps}/latest`, async (c) => bigJson(c, await signedView(db)));
  app.get(`${snaps}/latest/combined`, async (c) => {
    // Read both in one transaction so balances match the snapshot they are shown with.
    const [snapshot, info] = await db.transaction(async (tx) =>
      Promise.all([signedView(tx), snapshotInfo(tx, net)]),
    );
    return bigJson(c, [snapshot, info]);
  });
  app.get(`${snaps}/:ordinal{[0-9]+}`, async (c) => {
    const snapshot = await signedView(db, BigInt(c.req.param('ordinal')));
    // SnapshotRoutes: `NotFound()`, an empty 404 (not the catch-all's text).
    return snapshot ? bigJson(c, snapshot) : c.body(null, 404);
  });
  return withNodeCommon(app, ctx);
}
