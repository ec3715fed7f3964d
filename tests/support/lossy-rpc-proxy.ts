import { passOn, startRpcProxy } from './rpc-proxy.ts';

interface RpcMessage {
  method: string;
}

/**
 * A stand-in in front of a real JSON-RPC node that loses answers the way a loaded machine does:
 * the node gets the request and acts on it, the caller gets an HTTP error instead of the answer
 * (viem then retries). `lose(requests)` says, per HTTP request (one message or a batch),
 * whether its answer is lost; `dead` makes every later request fail without reaching the node
 * (a crash). `refusals` keeps the node's own error messages it passed on.
 */
export async function startLossyRpcProxy(
  nodeUrl: string,
  lose: (messages: RpcMessage[], sends: number) => boolean,
) {
  const refusals: string[] = [];
  let sends = 0;
  let dead = false;
  const proxy = await startRpcProxy(nodeUrl, async (body, forward) => {
    if (dead) return { status: 500, body: 'node gone' };
    const parsed = JSON.parse(body) as RpcMessage | RpcMessage[];
    const messages = Array.isArray(parsed) ? parsed : [parsed];
    const answer = await forward();
    for (const m of [JSON.parse(answer)].flat() as { error?: { message: string } }[])
      if (m.error) refusals.push(m.error.message);
    const hasSend = messages.some((m) => m.method === 'eth_sendTransaction');
    if (hasSend) sends++;
    if (hasSend && lose(messages, sends)) return { status: 503, body: 'lost' };
    return passOn(answer);
  });
  return {
    ...proxy,
    refusals,
    crash() {
      dead = true;
    },
  };
}
