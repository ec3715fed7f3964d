import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runChecks } from '@/main/doctor/check.ts';
import { doctorChecks } from '@/main/doctor/checks.ts';
import { type AgentEnv, startAgentEnv } from '../../../support/agent-env.ts';
import { nodeArgs } from '../../../support/node-entry.ts';
import { PRODUCTION_SITE_ENV } from '../../../support/production-env.ts';

/** `npm run doctor`: one read-only call per service, against the sandbox twins and stand-ins. */
describe('doctor', () => {
  let env: AgentEnv;
  beforeAll(async () => {
    env = await startAgentEnv();
  });
  afterAll(async () => env?.close());

  it('passes on the sandbox twins, each check through the product’s own client', async () => {
    const { deps, config } = env;
    const rows = await runChecks(
      doctorChecks({
        config,
        x: deps.x,
        agentAccess: () => env.agent.worker.access(),
        constellation: deps.constellation,
        treasuryAddress: async () => config.holders.mainWalletAddress,
        polymarket: deps.polymarket ?? null,
        evidence: deps.evidence!,
        llm: deps.llm ?? null,
        market: deps.market,
      }),
    );
    expect(rows.filter((r) => r.ok === false)).toEqual([]);
    const seen = Object.fromEntries(rows.map((r) => [`${r.service}: ${r.check}`, r]));
    expect(seen[`X: the agent's token is @${config.publicConfig.agentHandle}'s`]?.result).toMatch(
      /^@UpsiderAgent \(id \d+\)$/,
    );
    expect(seen["Constellation: UP L1: the treasury's last reference"]?.ok).toBe(true);
    expect(seen['LLM: the model sandbox-analyst-1 is served']?.ok).toBe(true);
    expect(seen["Polymarket: the bot's positions"]?.result).toMatch(/^\d+ positions$/);
    expect(seen['Digital Evidence: fingerprint stats']?.ok).toBe(true);
    // The local Base node belongs to npm start: the doctor does not guess its address.
    expect(seen['Base: chain id, UP contract symbol and decimals']?.ok).toBeNull();
  });
});

describe('doctor CLI against stand-ins that fail each way', () => {
  let standIn: Server;
  let origin = '';
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'upsider-doctor-'));
  beforeAll(async () => {
    standIn = createServer((req, res) => {
      const url = req.url ?? '';
      const json = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (url.startsWith('/dag-l0')) return json(500, { error: 'internal' });
      if (url.startsWith('/up-l0')) return res.end('<html>not a node</html>');
      if (url.startsWith('/up-l1')) return json(404, { message: 'not found' });
      if (url.startsWith('/base')) {
        // A chain that is not Base: chain id 1 (Ethereum mainnet).
        let body = '';
        req.on('data', (c) => (body += c));
        req.on('end', () => {
          const call = JSON.parse(body);
          const answer = (c: { id: number; method: string }) =>
            c.method === 'eth_chainId'
              ? { jsonrpc: '2.0', id: c.id, result: '0x1' }
              : {
                  jsonrpc: '2.0',
                  id: c.id,
                  error: { code: -32000, message: 'execution reverted' },
                };
          json(200, Array.isArray(call) ? call.map(answer) : answer(call));
        });
        return;
      }
      if (url.startsWith('/polymarket')) return json(401, { error: 'Unauthorized' });
      if (url.startsWith('/evidence')) return json(403, { message: 'Forbidden' });
      if (url.startsWith('/llm')) return json(200, { object: 'list', data: [{ id: 'other' }] });
      if (url.startsWith('/market')) return json(429, { status: { error_code: 429 } });
      json(404, {});
    });
    await new Promise<void>((r) => standIn.listen(0, '127.0.0.1', r));
    origin = `http://127.0.0.1:${(standIn.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    standIn.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('names each failure with its fix and exits 1', async () => {
    const run = spawn(process.execPath, nodeArgs('src/main/doctor-cli.ts'), {
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        NODE_ENV: 'development',
        DATA_DIR: dataDir,
        X_CLIENT_ID: 'id',
        X_CLIENT_SECRET: 'secret',
        ...PRODUCTION_SITE_ENV,
        CONSTELLATION_DAG_L0_URL: `${origin}/dag-l0`,
        CONSTELLATION_UP_L0_URL: `${origin}/up-l0`,
        CONSTELLATION_UP_L1_URL: `${origin}/up-l1`,
        CONSTELLATION_UP_METAGRAPH_ID: 'DAG7carh2hoYk4x5h6N92KcjBBpeqBiCpMF4DX29',
        MAIN_WALLET_ADDRESS: 'DAG7carh2hoYk4x5h6N92KcjBBpeqBiCpMF4DX29',
        BASE_RPC_URL: `${origin}/base`,
        POLYMARKET_DATA_API_URL: `${origin}/polymarket`,
        POLYMARKET_PROXY_WALLET: '0x5a11d0b07b07b07b07b07b07b07b07b07b0c0ffe',
        DIGITAL_EVIDENCE_URL: `${origin}/evidence`,
        DIGITAL_EVIDENCE_API_KEY: 'key',
        DIGITAL_EVIDENCE_ORG_ID: '00000000-0000-4000-8000-000000000001',
        DIGITAL_EVIDENCE_TENANT_ID: '00000000-0000-4000-8000-000000000002',
        DIGITAL_EVIDENCE_SIGNING_KEY: '1'.repeat(64),
        LLM_BASE_URL: `${origin}/llm`,
        LLM_API_KEY: 'key',
        LLM_MODEL: 'wanted-model',
        MARKET_API_URL: `${origin}/market`,
      },
    });
    let out = '';
    run.stdout.on('data', (c) => (out += c));
    run.stderr.on('data', (c) => (out += c));
    const code = await new Promise((r) => run.on('exit', r));
    expect(code).toBe(1);
    const failed = out.split('\n').filter((l) => l.startsWith('FAIL'));
    for (const check of [
      'DAG L0 latest snapshot',
      'UP metagraph L0 latest snapshot',
      "UP L1: the treasury's last reference",
      'chain id, UP contract symbol and decimals',
      "the bot's positions",
      'fingerprint stats',
      'the model wanted-model is served',
      'UP/USD',
    ]) {
      expect(
        failed.some((l) => l.includes(check)),
        `${check} failed\n${out}`,
      ).toBe(true);
    }
    expect(out).toMatch(/fix: LLM_BASE_URL, LLM_API_KEY and LLM_MODEL/);
    expect(out).toMatch(/chain 1, not the configured 8453/);
    // No database here yet: the agent's token check is skipped, not failed.
    expect(out).toMatch(/skip {2}X .*\n.*no database/);
  }, 120_000);
});
