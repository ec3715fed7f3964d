import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';

/**
 * The Lighthouse baseline: the product's own server-rendered page as a static file, with every
 * script and module preload taken out, served by bare-server.mjs with the product's headers and
 * brotli like the product. Same hero, same markup, same inlined CSS: what is left of the
 * difference is what the page's JavaScript (and the server) cost.
 */
export async function startStaticTwin(url: string): Promise<{ url: string; stop(): void }> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`${url}: ${res.status}`);
  const html = (await res.text())
    .replace(/<script\b(?![^>]*type="application\/json")[^>]*>[\s\S]*?<\/script>/g, '')
    .replace(/<link rel="modulepreload"[^>]*>/g, '');
  if (!/<div id="root">\s*</.test(html)) {
    throw new Error(`${url} is not server-rendered: the static twin would be an empty page`);
  }
  const body = zlib.brotliCompressSync(Buffer.from(html), {
    params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 },
  });
  const headers: Record<string, string> = {};
  for (const [k, v] of res.headers) {
    if (!['date', 'connection', 'keep-alive', 'transfer-encoding', 'etag'].includes(k))
      headers[k] = v;
  }
  headers['content-encoding'] = 'br';
  headers['content-length'] = String(body.length);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'upsider-static-twin-'));
  const file = path.join(dir, 'response.json');
  fs.writeFileSync(file, JSON.stringify({ headers, body: body.toString('base64') }));
  const child: ChildProcess = spawn(process.execPath, ['scripts/bench/bare-server.mjs', file], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<string>((resolve, reject) => {
    child.stdout?.once('data', (d) => resolve(String(d).trim()));
    child.once('exit', (code) => reject(new Error(`bare-server exited (${code})`)));
  });
  return {
    url: `http://127.0.0.1:${port}${new URL(url).pathname}`,
    stop() {
      child.kill();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
