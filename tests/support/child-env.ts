import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import type { AgentEnv } from './agent-env.ts';
import { PRODUCTION_SITE_ENV } from './production-env.ts';

/** A free port: the parent serves the local X and network there for its child processes. */
export async function freePort() {
  const srv = serve({ fetch: () => new Response(), port: 0, hostname: '127.0.0.1' });
  await new Promise((r) => srv.once('listening', r));
  const { port } = srv.address() as AddressInfo;
  await new Promise((r) => srv.close(r));
  return port;
}

/**
 * The environment of a product process the test starts as a child (`npm run agent`, an API
 * process) on the parent's database: not in sandbox mode, it reaches the parent's local X and
 * network over HTTP with the parent's keys, as a deployed process reaches the real ones. The
 * parent must serve `t.app` on `t.config.publicUrl` and have started with empty
 * X_TOKEN_*_KEYS (the agent env's keys file then holds the generated ones).
 */
export async function childProcessEnv(
  t: AgentEnv,
  o: { databaseUrl: string; nodeEnv: string; logLevel: string },
): Promise<Record<string, string>> {
  const localX = (await t.call('GET', '/sandbox')).body.services.x;
  const keys = JSON.parse(
    fs.readFileSync('/tmp/upsider-agent-test-keys/x-token-keys.json', 'utf8'),
  ) as { enc: string; mac: string };
  const c = t.config.constellation;
  return {
    NODE_ENV: o.nodeEnv,
    LOG_LEVEL: o.logLevel,
    DATABASE_URL: o.databaseUrl,
    SANDBOX: 'false',
    ...PRODUCTION_SITE_ENV,
    PUBLIC_URL: t.config.publicUrl,
    X_CLIENT_ID: localX.clientId,
    X_CLIENT_SECRET: localX.clientSecret,
    X_API_URL: localX.apiUrl,
    X_TOKEN_URL: localX.tokenUrl,
    X_AUTHORIZE_URL: localX.authorizeUrl,
    X_REVOKE_URL: localX.revokeUrl,
    X_TOKEN_ENC_KEYS: keys.enc,
    X_TOKEN_MAC_KEYS: keys.mac,
    WALLET_MASTER_KEYS: (t.env as Record<string, string>).WALLET_MASTER_KEYS!,
    CONSTELLATION_DAG_L0_URL: c.dag.l0Url,
    CONSTELLATION_DAG_L1_URL: c.dag.l1Url,
    CONSTELLATION_UP_L0_URL: c.UP!.l0Url,
    CONSTELLATION_UP_L1_URL: c.UP!.l1Url,
    CONSTELLATION_UP_METAGRAPH_ID: c.UP!.metagraphId,
    CONSTELLATION_DOR_L0_URL: c.DOR!.l0Url,
    CONSTELLATION_DOR_L1_URL: c.DOR!.l1Url,
    CONSTELLATION_DOR_METAGRAPH_ID: c.DOR!.metagraphId,
    CONSTELLATION_BLOCK_EXPLORER_URL: c.blockExplorerUrl,
  };
}
