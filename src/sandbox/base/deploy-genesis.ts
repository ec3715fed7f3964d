import {
  type Address,
  createTestClient,
  createWalletClient,
  getContractAddress,
  type Hex,
  http,
  publicActions,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { base } from 'viem/chains';
import upToken from './contracts/UpToken.json' with { type: 'json' };
import type { BaseGenesis } from './genesis.ts';
import { genesisBlocks } from './genesis-transactions.ts';
import { genesisTransactionHash, sendOnce } from './send-once.ts';

/** Anvil's first default dev account (public, well known, funded only on a local anvil). */
export const DEPLOYER_KEY: Hex =
  '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';
/**
 * DEPLOYER_KEY's address, written out: every start keys the Base genesis state by it, and
 * deriving it (secp256k1's first multiplication builds its tables) took 50–230 ms of the main
 * thread at each restart (decision 0079). deployer.test.ts checks that it is the key's.
 */
export const DEPLOYER_ADDRESS: Address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const TXS_PER_BLOCK = 25;

export const upTokenAbi = upToken.abi as readonly unknown[];

/**
 * Deploys UpToken and plays the genesis as real transactions (genesis-transactions.ts), one
 * block at a time, mined by hand. Returns the contract and its deployment block.
 *
 * Each transaction goes with its nonce, gas and fees set, and a block's 25 are sent at once in
 * one JSON-RPC batch: viem's writeContract asked the node for the chain id, the fees and the
 * block before each of the ~330 transactions, one after the other, which held the sandbox's
 * readiness back by seconds at every start (decision 0030).
 *
 * Safe to run again on the same node: what is mined (nonces below the deployer's count) is
 * skipped, a send the node already holds goes on (send-once.ts), and blocks are mined whatever
 * an interrupted run left automine at. So a genesis that failed half-way completes when re-run.
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
  const contract = getContractAddress({ from: account.address, nonce: 0n });
  const blocks = genesisBlocks(account.address, contract, genesis);
  await test.setAutomine(false);
  try {
    const mined = await wallet.getTransactionCount({ address: account.address });
    for (const block of blocks) {
      const todo = block.filter((tx) => tx.nonce >= mined);
      if (!todo.length) continue;
      // The node queues them by nonce, whatever order they arrive in.
      await Promise.all(todo.map((tx) => sendOnce(wallet, account, tx)));
      await test.mine({ blocks: 1 });
    }
  } finally {
    await test.setAutomine(true);
  }
  const deployment = blocks[0]?.[0];
  if (!deployment) throw new Error('the genesis has no deployment');
  const receipt = await wallet.getTransactionReceipt({
    hash: await genesisTransactionHash(account, deployment),
  });
  if (
    receipt.status !== 'success' ||
    receipt.contractAddress?.toLowerCase() !== contract.toLowerCase()
  )
    throw new Error(`UpToken was not deployed at ${contract}`);
  // Lower case, as the holder index keys it.
  return {
    contract: contract.toLowerCase() as Address,
    startBlock: receipt.blockNumber,
    deployer: account.address,
  };
}
