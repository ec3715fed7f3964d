import http from 'node:http';
import https from 'node:https';

export type FetchFn = (input: string, init?: RequestInit) => Promise<Response>;

export interface HttpCall {
  method: string;
  headers: Record<string, string>;
  body?: string;
}
export interface HttpAnswer {
  status: number;
  text: string;
}
/**
 * Sends one request and reads the whole body as text within `timeoutMs` (connect, queue and
 * body included). Rejects on any failure to get a complete answer; any status resolves.
 */
export type Transport = (url: string, call: HttpCall, timeoutMs: number) => Promise<HttpAnswer>;

/** An injected `fetch` (tests, the sandbox's in-process dispatch): used as given. */
export function fetchTransport(fetchFn: FetchFn): Transport {
  return async (url, call, timeoutMs) => {
    const res = await fetchFn(url, { ...call, signal: AbortSignal.timeout(timeoutMs) });
    return { status: res.status, text: await res.text() };
  };
}

// Node's fetch (undici, web streams, AbortSignal.timeout) cost ~1 ms of main-thread CPU per
// transfer (two posts plus the poller's reads); node:http with kept-alive sockets costs a
// fraction (decision 0033). Sockets per origin are bounded; beyond that requests queue. Idle
// sockets close after 4 s (as undici's) or earlier when the server's Keep-Alive hint says so,
// so a reused socket is rarely one the server is closing.
const AGENT = { keepAlive: true, maxSockets: 64, timeout: 4_000 };
let agents: { http: http.Agent; https: https.Agent } | null = null;

/** The default: node:http / node:https with keep-alive agents shared by every client. */
export const nodeTransport: Transport = (url, call, timeoutMs) =>
  new Promise((resolve, reject) => {
    const target = new URL(url);
    const secure = target.protocol === 'https:';
    if (!secure && target.protocol !== 'http:') {
      reject(new TypeError(`unsupported protocol ${target.protocol}`));
      return;
    }
    agents ??= { http: new http.Agent(AGENT), https: new https.Agent(AGENT) };
    const headers: Record<string, string | number> = { ...call.headers };
    if (call.body !== undefined) headers['content-length'] = Buffer.byteLength(call.body);
    const options = { method: call.method, headers, agent: secure ? agents.https : agents.http };
    const req = (secure ? https : http).request(target, options, (res) => {
      res.setEncoding('utf8');
      let text = '';
      res.on('data', (chunk: string) => {
        text += chunk;
      });
      res.on('end', () => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve({ status: res.statusCode ?? 0, text });
      });
      res.on('error', fail);
    });
    // One deadline for the whole exchange, as AbortSignal.timeout gave fetch: a socket timeout
    // alone would let a node that trickles bytes hold a request forever.
    const timer = setTimeout(
      () => fail(new Error(`no complete answer within ${timeoutMs} ms`)),
      timeoutMs,
    );
    // Once settled, the socket may already serve another request: leave it alone.
    let settled = false;
    function fail(err: Error) {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      reject(err);
      req.destroy();
    }
    req.on('error', fail);
    req.end(call.body);
  });
