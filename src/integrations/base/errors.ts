/**
 * Whether an eth_getLogs failure means "ask for fewer blocks". Providers refuse a range in
 * many words and codes, and a text list always misses the next one (issue 42: QuickNode's and
 * Tenderly's words matched nothing, so the indexer threw every pass and never advanced). So
 * any JSON-RPC refusal code a provider uses for a range (below) halves it, as does HTTP 413;
 * the texts catch the same refusals where a gateway rewrote the code. At one block the indexer
 * stops halving and throws, so an error that was not about the range still surfaces.
 */
export function isLogRangeError(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 8; depth++) {
    const { code, message, details, status, data } = e as {
      code?: unknown;
      message?: unknown;
      details?: unknown;
      status?: unknown;
      data?: unknown;
    };
    if (typeof code === 'number' && RANGE_CODES.has(code)) return true;
    if (status === 413) return true;
    const text = [message, details, data && JSON.stringify(data)]
      .filter((s) => typeof s === 'string')
      .join(' ');
    if (RANGE_TEXT.test(text)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * JSON-RPC codes providers answer an eth_getLogs range or result cap with:
 * -32602 invalid params (Alchemy "Log response size exceeded…", integrations.md §4; Tenderly
 *   "range N is bigger than range limit M" in `data.payload`, bobanetwork/boba_legacy#827;
 *   Infura live "range N exceeds limit of 10000", INFURA/infura#237),
 * -32600 invalid request ("block range too high", AlphaWallet/alpha-wallet-ios#5277),
 * -32005 limit exceeded (Infura "query returned more than 10000 results", its docs),
 * -32614 (QuickNode "eth_getLogs is limited to a 10,000 range", HTTP 413:
 *   eternalsafe/wallet#57, OffchainLabs/arbitrum-sdk#609),
 * -32000 the generic server error geth-based nodes use for their caps.
 */
const RANGE_CODES = new Set([-32602, -32600, -32005, -32614, -32000]);

const RANGE_TEXT = new RegExp(
  [
    'response size exceeded', // Alchemy
    'more than \\d+ results', // Infura
    'limited to a [\\d,]+ (blocks? )?range', // QuickNode
    'range \\d+ is bigger than range limit', // Tenderly
    'range \\d+ exceeds limit', // Infura (live)
    'block range',
    'range (is )?too (large|wide|high)',
    'too many (results|logs|blocks)',
    'exceeds? (the )?(max|limit)',
  ].join('|'),
  'i',
);
