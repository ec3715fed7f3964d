import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { addGoalRow, median } from './goals.ts';
import { requestsPerSecond } from './load.ts';
import type { BenchSection } from './types.ts';

const SKIP = ['date', 'connection', 'keep-alive', 'transfer-encoding'];
const ENCODING = { 'accept-encoding': 'br, gzip' };
const RUNS = 3;

/** Starts bare-server.mjs serving exactly what `url` answered. */
async function bareTwin(url: string): Promise<{ origin: string; child: ChildProcess }> {
  // node:http, not fetch: the bytes as sent (fetch would decompress them).
  const { body, headers } = await new Promise<{ body: Buffer; headers: Record<string, string> }>(
    (resolve, reject) => {
      http
        .get(url, { headers: ENCODING }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c) => chunks.push(c));
          res.on('end', () => {
            const h: Record<string, string> = {};
            for (const [k, v] of Object.entries(res.headers)) {
              if (typeof v === 'string' && !SKIP.includes(k)) h[k] = v;
            }
            resolve({ body: Buffer.concat(chunks), headers: h });
          });
        })
        .on('error', reject);
    },
  );
  headers['content-length'] = String(body.length);
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'upsider-bare-')), 'response.json');
  fs.writeFileSync(file, JSON.stringify({ headers, body: body.toString('base64') }));
  const child = spawn(process.execPath, ['scripts/bench/bare-server.mjs', file], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<string>((resolve) =>
    child.stdout?.once('data', (d) => resolve(String(d).trim())),
  );
  return { origin: `http://127.0.0.1:${port}`, child };
}

/** Poll endpoints' req/s (/, health, agent status, both holder lists, a leaderboard), each next to a bare server with the same bytes. */
export const httpThroughput: BenchSection = {
  title: 'HTTP requests/s vs a bare node:http server sending the same bytes',
  async run(ctx) {
    const origin = await ctx.server();
    const paths = [
      '/',
      '/api/health',
      '/api/agent/status',
      '/api/wallets',
      '/api/base-wallets',
      '/api/leaderboard/sends/monthly',
    ];
    for (const p of paths) {
      const url = origin + p;
      await fetch(url); // starts the status poller, warms up
      const bare = await bareTwin(url);
      try {
        const ours: number[] = [];
        const base: number[] = [];
        for (let i = 0; i < RUNS; i++) {
          base.push(await requestsPerSecond(bare.origin + p, ENCODING));
          ours.push(await requestsPerSecond(url, ENCODING));
        }
        const b = median(base);
        console.info(
          `  GET ${p.padEnd(20)} bare ${b.toFixed(0)}/s, Upsider ${ours.map((x) => x.toFixed(0)).join(' ')} req/s`,
        );
        addGoalRow({
          what: `GET ${p} req/s`,
          unit: '/s',
          baseline: b,
          runs: ours,
          goal: '≥ 70% of bare',
          met: median(ours) >= 0.7 * b,
        });
      } finally {
        bare.child.kill();
      }
    }
    // 304 on every unchanged poll and asset. The status body changes every second or so (read
    // times, rate-limit headroom): a 200 with a new ETag is right then, so it tries again.
    const asset = fs.readdirSync(path.join(ctx.distDir, 'assets')).find((f) => f.endsWith('.js'));
    const checked: string[] = [];
    for (const p of ['/', `/assets/${asset}`, '/api/agent/status', '/api/wallets']) {
      let status = 0;
      for (let attempt = 0; attempt < 5 && status !== 304; attempt++) {
        const etag = (await fetch(origin + p)).headers.get('etag') ?? '';
        const again = await fetch(origin + p, { headers: { 'if-none-match': etag } });
        status = again.status;
        if (status === 200 && again.headers.get('etag') === etag) break; // ignored the tag
      }
      checked.push(`${p} ${status}`);
    }
    const all304 = checked.every((c) => c.endsWith('304'));
    console.info(`  If-None-Match: ${checked.join(', ')}`);
    addGoalRow({
      what: 'If-None-Match → 304 (/, asset, status, wallets)',
      unit: '',
      baseline: null,
      runs: [],
      seen: `${checked.filter((c) => c.endsWith('304')).length} of ${checked.length} → 304`,
      goal: '304 on each',
      met: all304,
    });
  },
};
