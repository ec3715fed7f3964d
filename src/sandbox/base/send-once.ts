import { type Client, type Hex, keccak256, type PrivateKeyAccount, toHex } from 'viem';
import type { GenesisTransaction } from './genesis-transactions.ts';

/**
 * Fixed fees for the genesis transactions: above anvil's base fee (1 gwei, falling while blocks
 * are nearly empty), so nothing has to be asked of the node per transaction.
 */
const GENESIS_FEES = { maxFeePerGas: 10_000_000_000n, maxPriorityFeePerGas: 1_000_000_000n };
const BASE_CHAIN_ID = 8453;

/**
 * Sends one genesis transaction, signed by anvil (it holds its default accounts unlocked, the
 * deployer is the first): no secp256k1 work on the server's main thread while it opens the
 * database. Idempotent: viem retries a send whose answer was lost (a timeout on a loaded
 * machine) and the node then refuses the copy ("transaction already imported", or "nonce too
 * low" once mined). Any failed send is looked up by its hash, which is known in advance
 * (same fields, same key, deterministic signature): found in the node's pool or chain, it was
 * sent, and the genesis goes on.
 */
export async function sendOnce(
  client: Client,
  account: PrivateKeyAccount,
  tx: GenesisTransaction,
): Promise<Hex> {
  try {
    return (await client.request({
      method: 'eth_sendTransaction',
      params: [
        {
          from: account.address,
          ...(tx.to ? { to: tx.to } : {}),
          data: tx.data,
          nonce: toHex(tx.nonce),
          gas: toHex(tx.gas),
          maxFeePerGas: toHex(GENESIS_FEES.maxFeePerGas),
          maxPriorityFeePerGas: toHex(GENESIS_FEES.maxPriorityFeePerGas),
        },
      ],
    })) as Hex;
  } catch (err) {
    const hash = await genesisTransactionHash(account, tx);
    const known = await client.request({ method: 'eth_getTransactionByHash', params: [hash] });
    if (known) return hash;
    throw err;
  }
}

/** The hash the node gives the transaction: the same signature, made here. */
export async function genesisTransactionHash(account: PrivateKeyAccount, tx: GenesisTransaction) {
  const signed = await account.signTransaction({
    chainId: BASE_CHAIN_ID,
    type: 'eip1559',
    to: tx.to ?? null,
    data: tx.data,
    nonce: tx.nonce,
    gas: tx.gas,
    ...GENESIS_FEES,
  });
  return keccak256(signed);
}
