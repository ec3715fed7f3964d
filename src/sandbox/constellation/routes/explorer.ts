import { and, desc, eq, lt, or } from 'drizzle-orm';
import { Hono } from 'hono';
import type { Db } from '../../../db/client.ts';
import { isValidDagAddress } from '../../../shared/dag-address.ts';
import { constellationTransactions as accepted } from '../../db/schema/constellation.ts';
import { readAccount, readNetwork } from '../ledger.ts';
import type { TokenNetwork } from '../network.ts';
import { explorerTransactionView, snapshotView } from '../views.ts';
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

const PAGE_MAX = 10_000;

function tokenRoutes(db: Db, net: TokenNetwork, snapshotsPath: string) {
  return new Hono()
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
      const limit = Number(c.req.query('limit') ?? 10);
      if (!Number.isInteger(limit) || limit < 1)
        return explorerError(c, 400, 'limit must be a number');
      const cursor = decodeCursor(c.req.query('next'));
      if (cursor === 'invalid') return explorerError(c, 400, 'Invalid next cursor');
      const who =
        direction === 'sent'
          ? eq(accepted.source, address)
          : direction === 'received'
            ? eq(accepted.destination, address)
            : or(eq(accepted.source, address), eq(accepted.destination, address));
      const rows = await db
        .select()
        .from(accepted)
        .where(and(eq(accepted.token, net.token), who, cursor ? before(cursor) : undefined))
        .orderBy(desc(accepted.receivedAt), desc(accepted.hash))
        .limit(Math.min(limit, PAGE_MAX) + 1);
      const page = rows.slice(0, Math.min(limit, PAGE_MAX));
      const last = page.at(-1);
      const next = rows.length > page.length && last ? encodeCursor(last) : undefined;
      return bigJson(c, { data: page.map(explorerTransactionView), meta: next ? { next } : {} });
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
    });
}

/** Rows strictly after the cursor in (receivedAt desc, hash desc) order. */
const before = (c: Cursor) =>
  or(lt(accepted.receivedAt, c.at), and(eq(accepted.receivedAt, c.at), lt(accepted.hash, c.hash)));

interface Cursor {
  at: Date;
  hash: string;
}

/** `meta.next`: an opaque base64 JSON cursor, like the real explorer's. */
const encodeCursor = (row: { receivedAt: Date; hash: string }) =>
  Buffer.from(JSON.stringify({ at: row.receivedAt.toISOString(), hash: row.hash })).toString(
    'base64url',
  );
function decodeCursor(raw: string | undefined): Cursor | null | 'invalid' {
  if (!raw) return null;
  try {
    const json = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
    const at = new Date(json.at);
    if (Number.isNaN(at.getTime()) || typeof json.hash !== 'string') return 'invalid';
    return { at, hash: json.hash };
  } catch {
    return 'invalid';
  }
}
