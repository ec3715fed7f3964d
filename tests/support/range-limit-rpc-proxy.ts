import { passOn, startRpcProxy } from './rpc-proxy.ts';

interface RpcMessage {
  id?: unknown;
  method: string;
  params?: [{ fromBlock?: string; toBlock?: string }];
}

/** How a provider refuses an eth_getLogs range wider than its limit (sources per entry). */
export interface RangeRefusal {
  httpStatus: number;
  error: (span: bigint, limit: number) => { code: number; message: string; data?: unknown };
}

export const PROVIDER_REFUSALS = {
  // HTTP 413 {"code":-32614,"message":"eth_getLogs is limited to a 10,000 range"}
  // (eternalsafe/wallet#57, OffchainLabs/arbitrum-sdk#609); the words as the issue quotes them.
  quicknode: {
    httpStatus: 200,
    error: () => ({ code: -32614, message: 'eth_getLogs is limited to a 10,000 blocks range' }),
  },
  quicknode413: {
    httpStatus: 413,
    error: () => ({ code: -32614, message: 'eth_getLogs is limited to a 10,000 range' }),
  },
  // -32602 "invalid params", the reason in data.payload (bobanetwork/boba_legacy#827).
  tenderly: {
    httpStatus: 200,
    error: (span, limit) => ({
      code: -32602,
      message: 'invalid params',
      data: { error_id: 'e1', payload: `range ${span} is bigger than range limit ${limit}` },
    }),
  },
  // integrations.md §4 (Alchemy's eth_getLogs page).
  alchemy: {
    httpStatus: 200,
    error: () => ({
      code: -32602,
      message:
        'Log response size exceeded. You can make eth_getLogs requests with up to a 2K block range and no limit on the response size, or you can request any block range with a cap of 10K logs in the response.',
    }),
  },
  // Documented -32005 (docs.infura.io eth_getlogs constraints); live -32602 (INFURA/infura#237).
  infura: {
    httpStatus: 200,
    error: (_span, limit) => ({
      code: -32005,
      message: 'query returned more than 10000 results. Try with this block range [0x1, 0x2].',
      data: { limit },
    }),
  },
  infuraLive: {
    httpStatus: 200,
    error: (span) => ({ code: -32602, message: `range ${span} exceeds limit of 10000` }),
  },
  // Codes alone, in words no list knows: a geth-style -32000 and a -32600.
  unknownWords32000: {
    httpStatus: 200,
    error: () => ({ code: -32000, message: 'please narrow your query' }),
  },
  unknownWords32600: {
    httpStatus: 200,
    error: () => ({ code: -32600, message: 'request rejected by policy' }),
  },
} satisfies Record<string, RangeRefusal>;

/**
 * A JSON-RPC stand-in in front of a real node (anvil) that refuses eth_getLogs spanning more
 * than `limit` blocks the way the given provider does, and passes everything else on.
 */
export async function startRangeLimitProxy(nodeUrl: string, limit: number, refusal: RangeRefusal) {
  const seen = { refused: 0, servedSpans: [] as bigint[] };
  const proxy = await startRpcProxy(nodeUrl, async (body, forward) => {
    const message = JSON.parse(body) as RpcMessage;
    const filter =
      !Array.isArray(message) && message.method === 'eth_getLogs' ? message.params?.[0] : undefined;
    if (filter?.fromBlock && filter.toBlock) {
      const span = BigInt(filter.toBlock) - BigInt(filter.fromBlock) + 1n;
      if (span > BigInt(limit)) {
        seen.refused++;
        const error = refusal.error(span, limit);
        const refused = JSON.stringify({ jsonrpc: '2.0', id: message.id, error });
        return { status: refusal.httpStatus, body: refused };
      }
      seen.servedSpans.push(span);
    }
    return passOn(await forward());
  });
  return { ...proxy, seen };
}
