import { type RawLog, TRANSFER_TOPIC } from './client.ts';

export interface TransferLog {
  txHash: string;
  logIndex: number;
  blockNumber: bigint;
  /** Lowercase 0x addresses. */
  from: string;
  to: string;
  value: bigint;
}

const HASH = /^0x[0-9a-fA-F]{64}$/;
const QUANTITY = /^0x[0-9a-fA-F]{1,16}$/;
/** An indexed address topic: 12 zero bytes, then the 20-byte address. */
const ADDRESS_TOPIC = /^0x0{24}([0-9a-fA-F]{40})$/;
const UINT256 = /^0x[0-9a-fA-F]{64}$/;

/**
 * Checks one raw log and returns the transfer, or the reason it is malformed (a wrong topic
 * count, an address topic with dirty high bytes, a value that is not one uint256…). A removed
 * log (reorged away) is not a transfer either.
 */
export function parseTransferLog(log: RawLog): TransferLog | { malformed: string } {
  const { topics, data, blockNumber, transactionHash, logIndex } = log;
  if (log.removed === true) return { malformed: 'removed' };
  if (!Array.isArray(topics) || topics.length !== 3) return { malformed: 'topic count' };
  if (String(topics[0]).toLowerCase() !== TRANSFER_TOPIC) return { malformed: 'topic0' };
  const from = ADDRESS_TOPIC.exec(String(topics[1]))?.[1];
  const to = ADDRESS_TOPIC.exec(String(topics[2]))?.[1];
  if (!from || !to) return { malformed: 'address topic' };
  if (typeof data !== 'string' || !UINT256.test(data)) return { malformed: 'value' };
  if (typeof transactionHash !== 'string' || !HASH.test(transactionHash))
    return { malformed: 'transactionHash' };
  if (typeof blockNumber !== 'string' || !QUANTITY.test(blockNumber))
    return { malformed: 'blockNumber' };
  if (typeof logIndex !== 'string' || !QUANTITY.test(logIndex)) return { malformed: 'logIndex' };
  return {
    txHash: transactionHash.toLowerCase(),
    logIndex: Number.parseInt(logIndex, 16),
    blockNumber: BigInt(blockNumber),
    from: `0x${from.toLowerCase()}`,
    to: `0x${to.toLowerCase()}`,
    value: BigInt(data),
  };
}
