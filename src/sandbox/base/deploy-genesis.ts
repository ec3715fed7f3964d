import {
  type Address,
  createTestClient,
  createWalletClient,
  encodeFunctionData,
  type Hex,
  http,
  parseUnits,
  publicActions,
  toHex,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { base } from 'viem/chains';
import upToken from './contracts/UpToken.json' with { type: 'json' };
import type { BaseGenesis } from './genesis.ts';

/** Anvil's first default dev account (public, well known, funded only on a local anvil). */
export const DEPLOYER_KEY: Hex =
  '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';
const TXS_PER_BLOCK = 25;
/**
 * Fixed fees for the genesis transactions: above anvil's base fee (1 gwei, falling while blocks
 * are nearly empty), so nothing has to be asked of the node per transaction.
 */
const GENESIS_FEES = { maxFeePerGas: 10_000_000_000n, maxPriorityFeePerGas: 1_000_000_000n };
const GENESIS_GAS = 120_000n;

export const upTokenAbi = upToken.abi as readonly unknown[];

/**
 * Deploys UpToken and plays the genesis as real transactions: a mint per holder, then the burns
 * (mint to the deployer, burn to the zero address). Mined in blocks of 25 so the history spans
 * several blocks. Returns the contract and its deployment block.
 *
 * Each transaction goes with its nonce, gas and fees set, and a block's 25 are sent at once in
 * one JSON-RPC batch: viem's writeContract asked the node for the chain id, the fees and the
 * block before each of the ~330 transactions, one after the other, which held the sandbox's
 * readiness back by seconds at every start (issue 11).
 */
export async function deployBaseGenesis(rpcUrl: string, genesis: BaseGenesis) {
  const account = privateKeyToAccount(DEPLOYER_KEY);
  const chain = { ...base, rpcUrls: { default: { http: [rpcUrl] } } };
  // Batched: a block's transactions go to the node as one JSON-RPC request, not 25 fetches.
  const wallet = createWalletClient({
    account,
    chain,
    transport: http(rpcUrl, { batch: { batchSize: TXS_PER_BLOCK } }),
  }).extend(publicActions);
  const test = createTestClient({ mode: 'anvil', chain, transport: http(rpcUrl) });
  const deployHash = await wallet.deployContract({
    abi: upToken.abi,
    bytecode: upToken.bytecode as Hex,
  });
  // Automine is still on, but anvil may answer the send before the block is in: under load a
  // receipt read at once was sometimes not found (a CI run). Polls only while it is missing.
  const receipt = await wallet.waitForTransactionReceipt({ hash: deployHash, pollingInterval: 25 });
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
      const block = calls.slice(i, i + TXS_PER_BLOCK);
      // Signed by anvil, which holds its default accounts unlocked (the deployer is the first):
      // no secp256k1 work on the server's main thread while it opens the database. The node
      // queues them by nonce, whatever order they arrive in.
      await Promise.all(
        block.map((call) =>
          wallet.request({
            method: 'eth_sendTransaction',
            params: [
              {
                from: account.address,
                to: contract,
                data: encodeFunctionData({ abi: upToken.abi, ...call }),
                nonce: toHex(nonce++),
                gas: toHex(GENESIS_GAS),
                maxFeePerGas: toHex(GENESIS_FEES.maxFeePerGas),
                maxPriorityFeePerGas: toHex(GENESIS_FEES.maxPriorityFeePerGas),
              },
            ],
          }),
        ),
      );
      await test.mine({ blocks: 1 });
    }
  } finally {
    await test.setAutomine(true);
  }
  return { contract, startBlock: receipt.blockNumber, deployer: account.address };
}
