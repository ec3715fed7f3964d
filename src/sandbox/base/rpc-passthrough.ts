import type { Context, Hono } from 'hono';

/**
 * `POST <base>/rpc`: the anvil node's JSON-RPC behind the sandbox's fault switch, so a client
 * pointed here can meet timeouts, resets and provider errors anvil itself never gives. The
 * product's own Base URL stays anvil's (decision 0064): this is for clients pointed at it.
 */
export function addRpcPassthrough(app: Hono, anvilUrl: string) {
  app.post('/rpc', async (c) => {
    const res = await fetch(anvilUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: await c.req.text(),
      signal: c.req.raw.signal,
    });
    return c.body(await res.text(), res.status as 200, { 'content-type': 'application/json' });
  });
}

/**
 * Faults on the passthrough match `/rpc/<method>` (`/rpc/eth_getLogs`; `/rpc*` is every call):
 * the JSON-RPC method is in the body, and a range error belongs to the log reads only.
 */
export async function rpcFaultPath(c: Context, path: string) {
  if (path !== '/rpc') return path;
  // Read as text: Hono keeps it, so the passthrough forwards the same body.
  const body = await c.req.text().catch(() => '');
  const method = (() => {
    try {
      return (JSON.parse(body) as { method?: unknown }).method;
    } catch {
      return undefined;
    }
  })();
  return typeof method === 'string' ? `/rpc/${method}` : path;
}

/**
 * An injected status as an RPC provider answers it: a JSON-RPC error body. 413 is the range
 * refusal providers give for a wide eth_getLogs (QuickNode's -32614, as the indexer's tests cite).
 */
export function rpcFaultAnswer(c: Context, status: number) {
  const error =
    status === 413
      ? { code: -32614, message: 'eth_getLogs is limited to a 10,000 range' }
      : { code: -32603, message: `injected fault (${status})` };
  return c.json({ jsonrpc: '2.0', id: null, error }, status as 500);
}
