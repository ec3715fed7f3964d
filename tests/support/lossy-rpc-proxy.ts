import { createServer } from 'node:http';

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
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', async () => {
      if (dead) return void res.writeHead(500).end('node gone');
      const parsed = JSON.parse(body) as RpcMessage | RpcMessage[];
      const messages = Array.isArray(parsed) ? parsed : [parsed];
      const answer = await fetch(nodeUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      }).then((r) => r.text());
      for (const m of [JSON.parse(answer)].flat() as { error?: { message: string } }[])
        if (m.error) refusals.push(m.error.message);
      const hasSend = messages.some((m) => m.method === 'eth_sendTransaction');
      if (hasSend) sends++;
      if (hasSend && lose(messages, sends)) return void res.writeHead(503).end('lost');
      res.setHeader('content-type', 'application/json');
      res.end(answer);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    refusals,
    crash() {
      dead = true;
    },
    close: () => new Promise((r) => server.close(r)),
  };
}
