import { describe, expect, it } from 'vitest';
import { createBaseClient } from './client.ts';
import docs from './fixtures/base-docs-rpc.json' with { type: 'json' };
import { parseTransferLog } from './parse-transfer.ts';

const USDC = docs.getLogsParams[0]!.address;

/** A JSON-RPC endpoint answering from Base's documented examples, recording what it is asked. */
function documentedNode(chainId = docs.chainIdMainnet) {
  const asked: { method: string; params: unknown }[] = [];
  const answers: Record<string, unknown> = {
    eth_chainId: chainId.result,
    eth_getLogs: docs.getLogsResponse.result,
    eth_call: docs.decimalsResult.result,
  };
  const client = createBaseClient({
    request: async ({ method, params }) => {
      asked.push({ method, params });
      if (!(method in answers)) throw new Error(`not in the docs: ${method}`);
      return answers[method] as never;
    },
  });
  return { client, asked };
}

describe('Base client against docs.base.org examples', () => {
  it('reads the chain id of Base mainnet and of Sepolia', async () => {
    await expect(documentedNode().client.getChainId()).resolves.toBe(8453);
    await expect(documentedNode(docs.chainIdSepolia).client.getChainId()).resolves.toBe(84532);
  });

  it('asks eth_getLogs exactly as the docs do and parses the USDC Transfer they answer', async () => {
    const { client, asked } = documentedNode();
    const logs = await client.getTransferLogs(USDC, 0x12ced00n, 0x12ced28n);
    expect(asked).toEqual([{ method: 'eth_getLogs', params: docs.getLogsParams }]);
    expect(logs.map(parseTransferLog)).toEqual([
      {
        txHash: '0xb903239f8543d04b5dc1ba6579132b143087c68db1b2168786408fcbce568238',
        logIndex: 0,
        blockNumber: 0x12ced28n,
        from: '0xd3cda913deb6f4967b2ef66ae97de114a83bcc01',
        to: '0x4200000000000000000000000000000000000006',
        value: 100_000_000n,
      },
    ]);
  });

  it('reads decimals() with one eth_call of selector 0x313ce567 to the contract', async () => {
    const { client, asked } = documentedNode();
    await expect(client.getDecimals(USDC)).resolves.toBe(6);
    const [call] = asked;
    if (!call) throw new Error('no request was sent');
    expect(call.method).toBe('eth_call');
    const [tx] = call.params as [{ to: string; data: string }];
    expect(tx.to.toLowerCase()).toBe(USDC.toLowerCase());
    expect(tx.data).toBe('0x313ce567');
  });
});
