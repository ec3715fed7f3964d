import {
  type Abi,
  type Address,
  encodeFunctionData,
  type Hex,
  parseUnits,
  prepareEncodeFunctionData,
} from 'viem';
import upToken from './contracts/UpToken.json' with { type: 'json' };
import type { BaseGenesis } from './genesis.ts';

/** One genesis transaction as the deployer sends it: every field fixed, so its hash is too. */
export interface GenesisTransaction {
  nonce: number;
  /** Absent for the deployment. */
  to?: Address;
  data: Hex;
  gas: bigint;
}

const TXS_PER_BLOCK = 25;
const CALL_GAS = 120_000n;
/** The deployment's limit: UpToken's creation uses about a third of it. */
const DEPLOY_GAS = 1_500_000n;

/**
 * The genesis as blocks of transactions: the UpToken deployment alone in the first block (nonce
 * 0, so the contract's address is the deployer's first), then a mint per holder and the burns
 * (mint to the deployer, burn to the zero address), 25 a block so the history spans several.
 * The same list every time: a genesis run again on the same node finds by nonce and hash what
 * an earlier, interrupted run already did.
 */
export function genesisBlocks(
  deployer: Address,
  contract: Address,
  genesis: BaseGenesis,
): GenesisTransaction[][] {
  const calls = [
    ...genesis.mints.map((m) => mint(m.to as Address, m.up)),
    ...genesis.burns.flatMap((b) => [
      mint(deployer, b.up),
      encodeFunctionData({ ...burnFn(), args: [parseUnits(b.up, 18)] }),
    ]),
  ];
  const blocks: GenesisTransaction[][] = [
    [{ nonce: 0, data: upToken.bytecode as Hex, gas: DEPLOY_GAS }],
  ];
  for (let i = 0; i < calls.length; i += TXS_PER_BLOCK) {
    blocks.push(
      calls
        .slice(i, i + TXS_PER_BLOCK)
        .map((data, j) => ({ nonce: 1 + i + j, to: contract, data, gas: CALL_GAS })),
    );
  }
  return blocks;
}

/**
 * Each function looked up in the ABI and its selector hashed once, not per call: every start
 * encodes the ~330 calls to key the saved genesis state, on the main thread (decision 0079).
 * The same bytes (the shipped state's key would change otherwise: its test says so).
 */
function prepared(functionName: 'mint' | 'burn') {
  let fn: { abi: Abi; functionName: Hex } | null = null;
  return () => {
    fn ??= prepareEncodeFunctionData({ abi: upToken.abi as Abi, functionName }) as {
      abi: Abi;
      functionName: Hex;
    };
    return fn;
  };
}
const mintFn = prepared('mint');
const burnFn = prepared('burn');

/**
 * The recipient lowercased: an address is encoded as its 20 bytes either way, but viem checks a
 * mixed-case one against its checksum, a keccak per call (~330 of them, 40–60 ms of the main
 * thread at every start; decision 0081). The same bytes.
 */
const mint = (to: Address, up: string) =>
  encodeFunctionData({ ...mintFn(), args: [to.toLowerCase() as Address, parseUnits(up, 18)] });
