import { type Address, createWalletClient, http, parseUnits, publicActions } from 'viem';
import { base } from 'viem/chains';
import { afterEach, describe, expect, it } from 'vitest';
import { startAnvil } from '@/sandbox/base/anvil.ts';
import { deployBaseGenesis, upTokenAbi } from '@/sandbox/base/deploy-genesis.ts';
import { loadBaseGenesis } from '@/sandbox/base/genesis.ts';
import { startLossyRpcProxy } from '../../../support/lossy-rpc-proxy.ts';

/**
 * The local Base genesis on a loaded machine: an answer lost on the way back makes viem send the
 * same transaction again, which the node refuses ("transaction already imported"); and a start
 * that dies half-way leaves a node with part of the genesis. Both must end with the whole
 * genesis on the chain, once.
 */
const genesis = loadBaseGenesis();
const stops: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const stop of stops.splice(0).reverse()) await stop();
});

async function anvilNode() {
  const anvil = await startAnvil();
  stops.push(() => anvil.stop());
  return anvil;
}

/** Every genesis transfer is on the chain exactly once, and every holder has its balance. */
async function expectWholeGenesis(rpcUrl: string, contract: Address, startBlock: bigint) {
  const chain = { ...base, rpcUrls: { default: { http: [rpcUrl] } } };
  const read = createWalletClient({ chain, transport: http(rpcUrl) }).extend(publicActions);
  const logs = await read.getLogs({ address: contract, fromBlock: startBlock });
  expect(logs).toHaveLength(genesis.mints.length + 2 * genesis.burns.length);
  const expected = new Map<string, bigint>();
  for (const m of genesis.mints)
    expected.set(
      m.to.toLowerCase(),
      (expected.get(m.to.toLowerCase()) ?? 0n) + parseUnits(m.up, 18),
    );
  const balances = await Promise.all(
    [...expected.keys()].map((holder) =>
      read.readContract({
        address: contract,
        abi: upTokenAbi,
        functionName: 'balanceOf',
        args: [holder],
      }),
    ),
  );
  expect(balances).toEqual([...expected.values()]);
}

describe('the local Base genesis', () => {
  it('goes on when a send whose answer was lost is refused as already imported', async () => {
    const anvil = await anvilNode();
    // The deployment's answer and a whole block's batch are lost once each.
    const proxy = await startLossyRpcProxy(anvil.url, (_, sends) => sends === 1 || sends === 3);
    stops.push(proxy.close);

    const deployed = await deployBaseGenesis(proxy.url, genesis);

    expect(proxy.refusals).toContain('transaction already imported');
    await expectWholeGenesis(anvil.url, deployed.contract, deployed.startBlock);
  }, 120_000);

  it('completes when run again on a node a crashed start left half-way', async () => {
    const anvil = await anvilNode();
    // Dies after the node got the second block's sends, before they are mined.
    const proxy = await startLossyRpcProxy(anvil.url, (_, sends) => {
      if (sends === 3) proxy.crash();
      return sends === 3;
    });
    stops.push(proxy.close);
    await expect(deployBaseGenesis(proxy.url, genesis)).rejects.toThrow();

    const deployed = await deployBaseGenesis(anvil.url, genesis);

    await expectWholeGenesis(anvil.url, deployed.contract, deployed.startBlock);
    // And once more on the complete chain: nothing is sent twice.
    const again = await deployBaseGenesis(anvil.url, genesis);
    expect(again).toEqual(deployed);
    await expectWholeGenesis(anvil.url, deployed.contract, deployed.startBlock);
  }, 120_000);
});
