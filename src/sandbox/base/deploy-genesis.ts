import {
  type Address,
  createTestClient,
  createWalletClient,
  type Hex,
  http,
  parseUnits,
  publicActions,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { base } from 'viem/chains';
import upToken from './contracts/UpToken.json' with { type: 'json' };
import type { BaseGenesis } from './genesis.ts';

/** Anvil's first default dev account (public, well known, funded only on a local anvil). */
export const DEPLOYER_KEY: Hex =
  '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';
const TXS_PER_BLOCK = 25;

export const upTokenAbi = upToken.abi as readonly unknown[];

/**
 * Deploys UpToken and plays the genesis as real transactions: a mint per holder, then the burns
 * (mint to the deployer, burn to the zero address). Mined in blocks of 25 so the history spans
 * several blocks. Returns the contract and its deployment block.
 */
export async function deployBaseGenesis(rpcUrl: string, genesis: BaseGenesis) {
  const account = privateKeyToAccount(DEPLOYER_KEY);
  const chain = { ...base, rpcUrls: { default: { http: [rpcUrl] } } };
  const wallet = createWalletClient({ account, chain, transport: http(rpcUrl) }).extend(
    publicActions,
  );
  const test = createTestClient({ mode: 'anvil', chain, transport: http(rpcUrl) });
  const deployHash = await wallet.deployContract({
    abi: upToken.abi,
    bytecode: upToken.bytecode as Hex,
  });
  const receipt = await wallet.waitForTransactionReceipt({ hash: deployHash });
  const contract = receipt.contractAddress as Address;
  await test.setAutomine(false);
  let nonce = await wallet.getTransactionCount({ address: account.address, blockTag: 'pending' });
  const calls: { functionName: 'mint' | 'burn'; args: unknown[] }[] = [
    ...genesis.mints.map((m) => ({
      functionName: 'mint' as const,
      args: [m.to, parseUnits(m.up, 18)],
    })),
    ...genesis.burns.flatMap((b) => [
      { functionName: 'mint' as const, args: [account.address, parseUnits(b.up, 18)] },
      { functionName: 'burn' as const, args: [parseUnits(b.up, 18)] },
    ]),
  ];
  try {
    for (let i = 0; i < calls.length; i += TXS_PER_BLOCK) {
      for (const call of calls.slice(i, i + TXS_PER_BLOCK)) {
        await wallet.writeContract({
          address: contract,
          abi: upToken.abi,
          functionName: call.functionName,
          args: call.args,
          nonce: nonce++,
          gas: 120_000n,
        });
      }
      await test.mine({ blocks: 1 });
    }
  } finally {
    await test.setAutomine(true);
  }
  return { contract, startBlock: receipt.blockNumber, deployer: account.address };
}
