import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { listenLikeNpmStart } from '../../support/listening.ts';
import { createTestApp } from '../../support/test-app.ts';

export interface LocalXClient {
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
}

/**
 * A started product (sandbox on, listening like `npm start`) and a loopback host that serves its
 * local X at the root, as api.x.com and x.com serve X: the official libraries build fixed
 * `https://api.x.com/2/...` URLs, so they reach the twin by host only, never by a changed path.
 */
export async function startLocalX() {
  const t = await createTestApp({}, { sandbox: true });
  const product = await listenLikeNpmStart(t.app);
  const index = await fetch(`${product.origin}/sandbox`, {
    headers: { accept: 'application/json' },
  });
  const client = ((await index.json()) as { services: { x: LocalXClient } }).services.x;
  const host = createServer(async (req, res) => {
    const body = await readAll(req);
    const upstream = await fetch(`${product.origin}/sandbox/x${req.url}`, {
      method: req.method,
      headers: Object.entries(req.headers).flatMap(([k, v]) =>
        k === 'host' || v === undefined ? [] : [[k, String(v)] as [string, string]],
      ),
      body: body.length ? new Uint8Array(body) : undefined,
      redirect: 'manual',
    });
    res.writeHead(upstream.status, Object.fromEntries(upstream.headers));
    res.end(Buffer.from(await upstream.arrayBuffer()));
  });
  await new Promise<void>((r) => host.listen(0, '127.0.0.1', r));
  const port = (host.address() as AddressInfo).port;
  const origin = `http://127.0.0.1:${port}`;
  return {
    client,
    /** The local X as a host: `${origin}/2/users/me`. */
    origin,
    /** An https agent whose every connection is a plain one to the local X host. */
    agent: hostAgent(port),
    /** Walks the consent screen as a browser would; returns the redirect's `code`. */
    consent: (authorizeUrl: string, username: string) => consent(origin, authorizeUrl, username),
    admin: (path: string, body: unknown) =>
      fetch(`${origin}/_admin${path}`, { method: 'POST', body: JSON.stringify(body) }).then(
        (r) => r.json() as Promise<{ id: string; accessToken: string }>,
      ),
    async close() {
      await closeServer(host);
      await product.close();
      await t.close();
    },
  };
}

function hostAgent(port: number) {
  // TLS would end at the host; the twin speaks plain HTTP on loopback, so the agent's
  // connections skip it (the library still builds its https URLs unchanged).
  return new (class extends HttpsAgent {
    override createConnection() {
      return connect(port, '127.0.0.1');
    }
  })({ keepAlive: false });
}

async function consent(origin: string, authorizeUrl: string, username: string) {
  const query = new URL(authorizeUrl).search;
  const page = await fetch(`${origin}/i/oauth2/authorize${query}`);
  const nonce = /name="nonce" value="([^"]+)"/.exec(await page.text())?.[1];
  if (!nonce) throw new Error(`no consent form (status ${page.status})`);
  const res = await fetch(`${origin}/i/oauth2/authorize`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ nonce, username, decision: 'allow' }),
    redirect: 'manual',
  });
  const code = new URL(res.headers.get('location') ?? 'http://invalid/').searchParams.get('code');
  if (!code) throw new Error(`consent gave no code: ${res.headers.get('location')}`);
  return code;
}

/** A short MP4 the local X's processing accepts: ftyp, moov/mvhd (2 s), then varied bytes. */
export function smallMp4(padding = 40_000): Buffer {
  const box = (type: string, body: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(8 + body.length);
    head.write(type, 4, 'latin1');
    return Buffer.concat([head, body]);
  };
  const mvhd = Buffer.alloc(100);
  mvhd.writeUInt32BE(1000, 12); // timescale (version 0: after version/flags, created, modified)
  mvhd.writeUInt32BE(2000, 16); // duration
  const ftyp = box('ftyp', Buffer.from('isom\0\0\x02\0isomiso2mp41', 'latin1'));
  // Every byte value, so a chunk read as text instead of bytes would change the file.
  const mdat = box('mdat', Buffer.from(Array.from({ length: padding }, (_, i) => (i * 7) % 256)));
  return Buffer.concat([ftyp, box('moov', box('mvhd', mvhd)), mdat]);
}

export const pkcePair = (bytes = 32) => {
  const verifier = randomBytes(bytes).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
};

function readAll(req: IncomingMessage) {
  return new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

const closeServer = (s: Server) => new Promise<void>((r) => s.close(() => r()));

/** The scopes both official clients ask for: what the product's own sign-in asks (reading, posting, media). */
export const CLIENT_SCOPES = [
  'tweet.read',
  'tweet.write',
  'users.read',
  'like.read',
  'media.write',
  'offline.access',
] as const;
