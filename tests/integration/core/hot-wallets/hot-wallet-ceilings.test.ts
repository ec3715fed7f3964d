import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { provisionSystemWallets } from '@/core/wallets/index.ts';
import { ConfigError, loadConfig } from '@/main/config.ts';
import { type AgentEnv, startAgentEnv } from '../../../support/agent-env.ts';

/**
 * Hot-wallet ceilings (decision 0047): a system wallet above its configured ceiling shows its
 * excess on /metrics and a line on /status telling the operator to move it to cold storage; one
 * under its ceiling shows 0 and no line.
 */
const UNIT = 100_000_000n;
const TOKEN = 'hot-wallet-metrics-token-0123';
let t: AgentEnv;
let treasury: { address: string; balance: bigint };

beforeAll(async () => {
  t = await startAgentEnv({
    env: {
      METRICS_TOKEN: TOKEN,
      HOT_WALLET_CEILING_TREASURY_UP: '1000',
      HOT_WALLET_CEILING_REWARDS_UP: '10000000000',
    },
  });
  const wallet = (await provisionSystemWallets(t.deps)).treasury;
  await t.fund(wallet.dagAddress, 'UP', '5000');
  const { balance } = await t.deps.constellation.getBalance('UP', wallet.dagAddress);
  treasury = { address: wallet.dagAddress, balance };
});
afterAll(() => t?.close());

describe('hot-wallet ceilings', () => {
  it('/metrics: the excess above each ceiling, by role', async () => {
    const res = await t.app.request(`${t.config.publicUrl}/metrics`, {
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    const text = await res.text();
    const sample = (name: string, role: string) =>
      new RegExp(`^${name}\\{role="${role}"\\} (\\S+)$`, 'm').exec(text)?.[1];
    expect(treasury.balance).toBeGreaterThan(1000n * UNIT);
    expect(sample('upsider_hot_wallet_excess_base_units', 'treasury')).toBe(
      String(treasury.balance - 1000n * UNIT),
    );
    expect(sample('upsider_hot_wallet_ceiling_base_units', 'treasury')).toBe(String(1000n * UNIT));
    expect(sample('upsider_hot_wallet_excess_base_units', 'rewards')).toBe('0');
  });

  it('/status: tells the operator which wallet to empty into cold storage, and how much', async () => {
    const res = await t.call('GET', '/api/agent/status');
    expect(res.status).toBe(200);
    const excess = treasury.balance - 1000n * UNIT;
    expect(res.body.coldStorage).toEqual([
      {
        role: 'treasury',
        label: 'Treasury',
        address: treasury.address,
        balanceUp: expect.any(String),
        ceilingUp: '1000',
        excessUp: `${excess / UNIT}${
          excess % UNIT
            ? `.${String(excess % UNIT)
                .padStart(8, '0')
                .replace(/0+$/, '')}`
            : ''
        }`,
      },
    ]);
  });

  it('a ceiling that is not a UP amount is refused at start, with the setting named', () => {
    expect(() => loadConfig({ HOT_WALLET_CEILING_TREASURY_UP: '-5' })).toThrow(ConfigError);
    expect(() => loadConfig({ HOT_WALLET_CEILING_REWARDS_UP: 'lots' })).toThrow(
      /HOT_WALLET_CEILING_REWARDS_UP/,
    );
    expect(loadConfig({ HOT_WALLET_CEILING_REWARDS_UP: 'off' }).hotWallets.rewards).toBeNull();
  });
});
