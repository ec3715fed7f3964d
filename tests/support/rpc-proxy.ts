import { createServer } from 'node:http';

/** What a stand-in answers one HTTP request with. */
export interface ProxyAnswer {
  status: number;
  body: string;
}

/** Passes a JSON-RPC request's body to the node and returns the node's answer as text. */
export type Forward = () => Promise<string>;

/**
 * A JSON-RPC stand-in on 127.0.0.1 in front of a real node (anvil): `answer` sees each HTTP
 * request's body and decides, forwarding it or not. The proxies in this folder (losing answers,
 * refusing ranges) are each one `answer`.
 */
export async function startRpcProxy(
  nodeUrl: string,
  answer: (body: string, forward: Forward) => Promise<ProxyAnswer>,
) {
  const forward = (body: string) => () =>
    fetch(nodeUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    }).then((r) => r.text());
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', async () => {
      const out = await answer(body, forward(body));
      res.writeHead(out.status, { 'content-type': 'application/json' }).end(out.body);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((r) => server.close(r)),
  };
}

/** The node's answer as it came. */
export const passOn = (body: string): ProxyAnswer => ({ status: 200, body });
