/**
 * Whether an eth_getLogs failure means "ask for fewer blocks" (integrations.md §4):
 * Alchemy -32602 "Log response size exceeded…", Infura -32005 "query returned more than 10000
 * results…", and the block-range caps of other providers ("block range is too large"…).
 */
export function isLogRangeError(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 8; depth++) {
    const { code, message, details, status } = e as {
      code?: unknown;
      message?: unknown;
      details?: unknown;
      status?: unknown;
    };
    const text = `${typeof message === 'string' ? message : ''} ${typeof details === 'string' ? details : ''}`;
    if (code === -32005) return true;
    if (status === 413) return true;
    if (RANGE_TEXT.test(text)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

const RANGE_TEXT =
  /response size exceeded|more than \d+ results|block range|range (is )?too (large|wide)|too many (results|logs|blocks)|exceeds? (the )?(max|limit)/i;
