import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import { TRANSFER_TOPIC } from '@/integrations/base/client.ts';

/**
 * A JSON-RPC stand-in of a Base provider over a generated Transfer history. It refuses large
 * eth_getLogs the way real providers do (integrations.md §4): more than `maxLogs` results →
 * Alchemy's -32602 "Log response size exceeded", more than `maxRange` blocks → Infura's -32005.
 */
export interface StandinTransfer {
  block: number;
  from: string;
  to: string;
  value: bigint;
}

const pad = (a: string) => `0x${'0'.repeat(24)}${a.slice(2).toLowerCase()}`;
const hex = (n: number | bigint) => `0x${n.toString(16)}`;

export function createEvmStandin(opts: {
  contract: string;
  maxLogs?: number;
  maxRange?: number;
  /** What eth_chainId answers (Base mainnet by default). */
  chainId?: number;
  /** What the contract's decimals() answers. */
  decimals?: number;
}) {
  const byBlock = new Map<number, unknown[]>();
  let head = 0;
  const reorgPoints: number[] = [];
  const calls = { alchemyErrors: 0, infuraErrors: 0, getLogs: 0, decimals: 0 };
  const blockHash = (n: number) => {
    const version = reorgPoints.filter((p) => p <= n).length;
    return `0x${createHash('sha256').update(`${version}:${n}`).digest('hex')}`;
  };

  function add(transfers: StandinTransfer[], extra: unknown[] = []) {
    for (const [i, t] of transfers.entries()) {
      const logs = byBlock.get(t.block) ?? [];
      logs.push({
        address: opts.contract,
        topics: [TRANSFER_TOPIC, pad(t.from), pad(t.to)],
        data: `0x${t.value.toString(16).padStart(64, '0')}`,
        blockNumber: hex(t.block),
        transactionHash: `0x${createHash('sha256').update(`${reorgPoints.length}:${t.block}:${i}:${logs.length}`).digest('hex')}`,
        logIndex: hex(logs.length),
        removed: false,
      });
      byBlock.set(t.block, logs);
      head = Math.max(head, t.block);
    }
    for (const log of extra) {
      const n = Number((log as { blockNumber: string }).blockNumber);
      byBlock.set(n, [...(byBlock.get(n) ?? []), log]);
    }
  }

  /** Drops every block from `block` on and changes the hashes of the new ones (a reorg). */
  function reorgFrom(block: number) {
    for (const n of [...byBlock.keys()]) if (n >= block) byBlock.delete(n);
    reorgPoints.push(block);
    head = block - 1;
  }

  function handle(method: string, params: unknown[]): unknown {
    if (method === 'eth_chainId') return hex(opts.chainId ?? 8453);
    const call = params[0] as { to?: string; data?: string; input?: string } | undefined;
    const selector = (call?.data ?? call?.input ?? '').slice(0, 10);
    if (method === 'eth_call' && call?.to?.toLowerCase() === opts.contract.toLowerCase()) {
      if (selector !== '0x313ce567') throw { code: -32000, message: 'execution reverted' };
      calls.decimals++;
      return `0x${(opts.decimals ?? 18).toString(16).padStart(64, '0')}`;
    }
    if (method === 'eth_blockNumber') return hex(head);
    if (method === 'eth_getBlockByNumber') {
      const n = Number(params[0]);
      if (n > head) return null;
      return {
        number: hex(n),
        hash: blockHash(n),
        timestamp: hex(1_700_000_000 + n * 2),
        transactions: [],
        parentHash: `0x${'0'.repeat(64)}`,
        logsBloom: `0x${'0'.repeat(512)}`,
        gasLimit: '0x0',
        gasUsed: '0x0',
        baseFeePerGas: '0x0',
        difficulty: '0x0',
        extraData: '0x',
        miner: `0x${'0'.repeat(40)}`,
        nonce: '0x0000000000000000',
        size: '0x0',
        stateRoot: `0x${'0'.repeat(64)}`,
        receiptsRoot: `0x${'0'.repeat(64)}`,
        transactionsRoot: `0x${'0'.repeat(64)}`,
        sha3Uncles: `0x${'0'.repeat(64)}`,
        uncles: [],
        mixHash: `0x${'0'.repeat(64)}`,
      };
    }
    if (method === 'eth_getLogs') {
      calls.getLogs++;
      const f = params[0] as { fromBlock: string; toBlock: string };
      const from = Number(f.fromBlock);
      const to = Math.min(Number(f.toBlock), head);
      if (opts.maxRange && to - from + 1 > opts.maxRange) {
        calls.infuraErrors++;
        throw {
          code: -32005,
          message: `query returned more than 10000 results. Try with this block range [${hex(from)}, ${hex(from + opts.maxRange - 1)}].`,
          data: { from: hex(from), to: hex(from + opts.maxRange - 1), limit: 10000 },
        };
      }
      const out: unknown[] = [];
      for (let n = from; n <= to; n++) out.push(...(byBlock.get(n) ?? []));
      if (opts.maxLogs && out.length > opts.maxLogs) {
        calls.alchemyErrors++;
        throw {
          code: -32602,
          message:
            'Log response size exceeded. You can make eth_getLogs requests with up to a 2K block range and no limit on the response size, or you can request any block range with a cap of 10K logs in the response.',
        };
      }
      return out;
    }
    throw { code: -32601, message: `method ${method} not supported` };
  }

  /** EIP-1193 style, for viem's `custom` transport (bench: no HTTP in the way). */
  async function request({ method, params }: { method: string; params?: unknown }) {
    try {
      return handle(method, (params as unknown[]) ?? []);
    } catch (e) {
      throw Object.assign(new Error((e as { message: string }).message), e as object);
    }
  }

  async function listen() {
    const server = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        const one = (m: { id: unknown; method: string; params: unknown[] }) => {
          try {
            return { jsonrpc: '2.0', id: m.id, result: handle(m.method, m.params ?? []) };
          } catch (e) {
            return { jsonrpc: '2.0', id: m.id, error: e };
          }
        };
        const msg = JSON.parse(body);
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify(Array.isArray(msg) ? msg.map(one) : one(msg)));
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as { port: number }).port;
    return { url: `http://127.0.0.1:${port}`, close: () => new Promise((r) => server.close(r)) };
  }

  return {
    add,
    reorgFrom,
    mineEmpty(to: number) {
      head = Math.max(head, to);
    },
    request,
    listen,
    calls,
    get head() {
      return head;
    },
  };
}

/** Expected balances by replaying transfers (mints from 0x0 debit nobody; burns credit 0x0). */
export function replay(transfers: StandinTransfer[]) {
  const zero = `0x${'0'.repeat(40)}`;
  const out = new Map<string, bigint>();
  for (const t of transfers) {
    if (t.from.toLowerCase() !== zero)
      out.set(t.from.toLowerCase(), (out.get(t.from.toLowerCase()) ?? 0n) - t.value);
    out.set(t.to.toLowerCase(), (out.get(t.to.toLowerCase()) ?? 0n) + t.value);
  }
  return new Map([...out].filter(([, v]) => v > 0n));
}

/** A deterministic history: mints to `holders` addresses, then random transfers between them. */
export function generateTransfers(count: number, holders: number, blocks: number, seed = 1) {
  let s = seed;
  const rnd = () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
  const addr = (i: number) =>
    `0x${createHash('sha256').update(`h${i}`).digest('hex').slice(0, 40)}`;
  const zero = `0x${'0'.repeat(40)}`;
  const bal = new Array<bigint>(holders).fill(0n);
  const out: StandinTransfer[] = [];
  for (let i = 0; i < holders && out.length < count; i++) {
    const value = BigInt(Math.floor(1e6 / (i + 1))) * 10n ** 18n;
    bal[i] = value;
    out.push({
      block: 1 + Math.floor((out.length / count) * blocks),
      from: zero,
      to: addr(i),
      value,
    });
  }
  while (out.length < count) {
    const a = Math.floor(rnd() * holders);
    const b = Math.floor(rnd() * holders);
    if (a === b || (bal[a] ?? 0n) === 0n) continue;
    const value = ((bal[a] ?? 0n) * BigInt(1 + Math.floor(rnd() * 50))) / 100n;
    bal[a] = (bal[a] ?? 0n) - value;
    bal[b] = (bal[b] ?? 0n) + value;
    out.push({
      block: 1 + Math.floor((out.length / count) * blocks),
      from: addr(a),
      to: addr(b),
      value,
    });
  }
  return out;
}
