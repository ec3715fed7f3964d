import { Hono } from 'hono';
import { signedTransactionSchema } from '@/integrations/constellation/index.ts';
import { isValidDagAddress } from '@/shared/dag-address.ts';
import { estimateFee } from '../estimate-fee.ts';
import { readAccount, waitingByHash } from '../ledger.ts';
import { createSubmitter } from '../submit.ts';
import { rejection } from '../validate.ts';
import type { SimContext } from './context.ts';
import { withNodeCommon } from './node-common.ts';
import { bigJson, nodeError, readBody } from './respond.ts';

/** A DAG or currency L1 node: posts transactions into the waiting pool (§3.3 "Currency L1"). */
export function l1Routes(ctx: SimContext) {
  const { net } = ctx;
  const submit = createSubmitter(ctx.db, net, ctx.now);
  const app = new Hono()
    .post('/transactions', async (c) => {
      const body = await readBody(c, signedTransactionSchema);
      if (!body.ok) return nodeError(c, body.rejection);
      const result = await submit(body.data);
      return result.ok ? c.json({ hash: result.hash }) : nodeError(c, result.rejection);
    })
    .get('/transactions/last-reference/:address', async (c) => {
      const address = c.req.param('address');
      if (!isValidDagAddress(address)) return nodeError(c, rejection('InvalidAddress', address));
      // The last *accepted* reference: a client chaining several waiting transactions must use
      // its own previous transaction as the parent (posting this one again → Conflict).
      const { lastRef } = await readAccount(ctx.db, net, address);
      return bigJson(c, lastRef);
    })
    .get('/transactions/:hash', async (c) => {
      const [tx] = await waitingByHash(ctx.db, net.token, [c.req.param('hash')]);
      // Not in the waiting pool (accepted, dropped or unknown): 404, as the node's code does.
      if (!tx) return c.body(null, 404);
      const transaction = {
        source: tx.source,
        destination: tx.destination,
        amount: tx.amount,
        fee: tx.fee,
        parent: { ordinal: tx.parentOrdinal, hash: tx.parentHash },
        salt: tx.salt,
      };
      return bigJson(c, { transaction, hash: tx.hash, status: 'Waiting' });
    });
  // Only a currency L1 has estimate-fee (tessellation@098dbbe currency-l1/.../http/
  // TransactionRoutes.scala); on the DAG L1 the path is the node's plain 404, as the product's
  // client fixture records (client.fixtures.test.ts).
  if (net.metagraphId) {
    app.post('/transactions/estimate-fee', async (c) => {
      const body = await readBody(c, signedTransactionSchema);
      if (!body.ok) return nodeError(c, body.rejection);
      return bigJson(c, { fee: await estimateFee(ctx.db, net, body.data.value) });
    });
  }
  return withNodeCommon(app, ctx);
}
