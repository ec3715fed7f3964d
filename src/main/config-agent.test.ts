import { describe, expect, it } from 'vitest';
import { loadAgentConfig } from './config-agent.ts';

describe('loadAgentConfig', () => {
  it('has defaults for every token limit', () => {
    const cfg = loadAgentConfig({}, { sandbox: true });
    expect(cfg.limits.UP.perSend).toBe(100_000n * 100_000_000n);
    expect(cfg.limits.DAG.confirmAbove).toBe(1000n * 100_000_000n);
    expect(cfg.paused).toBe(false);
    expect(cfg.pollIntervalMs).toBe(1000);
  });

  it('reads per-token limits with decimals exactly', () => {
    const cfg = loadAgentConfig(
      { AGENT_MAX_SEND_UP: '12.5', AGENT_PAUSED: 'true' },
      { sandbox: false },
    );
    expect(cfg.limits.UP.perSend).toBe(1_250_000_000n);
    expect(cfg.paused).toBe(true);
    expect(cfg.pollIntervalMs).toBe(5000);
  });

  it("paces replies at X's 100 posts per 15 minutes unless a bench raises it", () => {
    expect(loadAgentConfig({}, { sandbox: false }).postingLimits).toMatchObject({
      perWindow: 100,
      windowMs: 15 * 60_000,
      perDay: 10_000,
    });
    const raised = loadAgentConfig({ AGENT_X_POSTS_PER_15_MIN: '5000' }, { sandbox: false });
    expect(raised.postingLimits.perWindow).toBe(5000);
    expect(() => loadAgentConfig({ AGENT_X_POSTS_PER_15_MIN: '0' }, { sandbox: false })).toThrow();
  });

  it('rejects a malformed amount', () => {
    expect(() => loadAgentConfig({ AGENT_DAILY_MAX_DAG: '-5' }, { sandbox: true })).toThrow();
    expect(() =>
      loadAgentConfig({ AGENT_DAILY_MAX_DAG: '1.123456789' }, { sandbox: true }),
    ).toThrow();
  });

  it('links transactions to the local explorer pages in sandbox mode, unless set explicitly', () => {
    const local = { sandbox: true, publicUrl: 'http://127.0.0.1:3000' };
    expect(loadAgentConfig({}, local).explorerTxUrl).toBe(
      'http://127.0.0.1:3000/sandbox/constellation/explorer/transactions/',
    );
    expect(loadAgentConfig({}, { sandbox: false, publicUrl: 'http://x' }).explorerTxUrl).toBe(
      'https://mainnet.dagexplorer.io/transactions/',
    );
    const explicit = loadAgentConfig(
      { DAG_EXPLORER_TX_URL: 'https://explorer.example/tx/' },
      local,
    );
    expect(explicit.explorerTxUrl).toBe('https://explorer.example/tx/');
  });
});
