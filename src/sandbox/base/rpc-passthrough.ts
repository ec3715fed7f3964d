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
