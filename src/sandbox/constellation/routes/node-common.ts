import type { Context, Hono } from 'hono';
import type { SimContext } from './context.ts';

/**
 * What a tessellation node (L0 or L1, global or currency) answers on a path it has no route
 * for: its public HttpApp is `openRoutes.orNotFound` (Constellation-Labs/tessellation@098dbbe
 * modules/{dag-l0,currency-l0,currency-l1}/.../modules/HttpApi.scala), and http4s's
 * `Response.notFound` is 404 `text/plain; charset=UTF-8` "Not found"
 * (http4s/http4s core/shared/src/main/scala/org/http4s/Response.scala, 0.23). Never the web app's
 * page: a path typo in a client must fail as it would against a real node.
 */
export function nodeNotFound(c: Context) {
  return c.body('Not found', 404, { 'content-type': 'text/plain; charset=UTF-8' });
}

/**
 * `GET /cluster/info`, which every node serves: a set of `PeerInfo` (tessellation@098dbbe
 * node-shared/.../http/routes/ClusterRoutes.scala; schema/peer.scala), here the one
 * simulated node. `jar` is the hash of the node's jar; a fixed stand-in here.
 */
export function clusterInfo(ctx: SimContext) {
  return (c: Context) =>
    c.json([
      {
        id: ctx.nodeId,
        ip: '127.0.0.1',
        publicPort: 9000,
        p2pPort: 9001,
        clusterSession: '1',
        session: '1',
        state: 'Ready',
        jar: '0'.repeat(64),
      },
    ]);
}

/** The node routes every L0 and L1 shares, added last (the 404 must come after the rest). */
export function withNodeCommon(app: Hono, ctx: SimContext) {
  return app.get('/cluster/info', clusterInfo(ctx)).all('*', nodeNotFound);
}
