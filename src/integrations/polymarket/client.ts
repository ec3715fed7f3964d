import { z } from 'zod';
import { type ClobCredentials, l2Headers } from './hmac.ts';
import { type FetchFn, getJson } from './http.ts';
import {
  type DataPosition,
  type DataTrade,
  dataPositionSchema,
  dataTradeSchema,
  type GammaMarket,
  gammaMarketSchema,
  type OpenOrder,
  openOrdersPageSchema,
} from './schemas.ts';

export interface PolymarketClientOptions {
  dataUrl: string;
  clobUrl: string;
  gammaUrl: string;
  /** The bot's proxy wallet (Data API `user`). */
  proxyWallet: string;
  /** CLOB API credentials; without them open orders cannot be read. */
  clob: ClobCredentials | null;
  fetch?: FetchFn;
  now?: () => Date;
  timeoutMs?: number;
  /**
   * Told when a Data API list stopped at the offset cap with more rows behind it: the v1 Data
   * API pages by offset and refuses offsets above 10,000 (data-openapi.yaml), so those rows
   * cannot be read. The composition root logs it; the list itself is still returned.
   */
  onListCut?: (list: 'positions' | 'trades', rowsRead: number) => void;
}

/** First and last cursors of CLOB pagination (clob-client constants). */
export const CLOB_FIRST_CURSOR = 'MA==';
export const CLOB_END_CURSOR = 'LTE=';
const DATA_PAGE_SIZE = 500;
/** The Data API refuses offsets above 10,000. */
const DATA_MAX_OFFSET = 10_000;
const GAMMA_BATCH = 20;

/** Read-only access to the bot's book: Data API positions and trades, CLOB open orders, Gamma markets. */
export function createPolymarketClient(opts: PolymarketClientOptions) {
  const http = { fetch: opts.fetch ?? fetch, timeoutMs: opts.timeoutMs ?? 10_000 };
  const now = opts.now ?? (() => new Date());
  const base = (url: string) => url.replace(/\/$/, '');

  /** Walks limit/offset pages until a short page, or the offset cap (then says the list was cut). */
  async function allPages<T>(
    list: 'positions' | 'trades',
    query: Record<string, string>,
    item: z.ZodType<T>,
  ) {
    const path = `/${list}`;
    const out: T[] = [];
    for (let offset = 0; ; offset += DATA_PAGE_SIZE) {
      if (offset > DATA_MAX_OFFSET) {
        opts.onListCut?.(list, out.length);
        break;
      }
      const q = new URLSearchParams({
        ...query,
        limit: String(DATA_PAGE_SIZE),
        offset: String(offset),
      });
      const page = await getJson(http, `${base(opts.dataUrl)}${path}?${q}`, z.array(item));
      out.push(...page);
      if (page.length < DATA_PAGE_SIZE) break;
    }
    return out;
  }

  return {
    proxyWallet: opts.proxyWallet,
    hasClobCredentials: opts.clob !== null,

    /** Every position of the proxy wallet, resolved ones included (sizeThreshold 0). */
    positions(): Promise<DataPosition[]> {
      return allPages(
        'positions',
        { user: opts.proxyWallet, sizeThreshold: '0' },
        dataPositionSchema,
      );
    },

    /** Every trade of the proxy wallet, maker and taker sides. */
    trades(): Promise<DataTrade[]> {
      return allPages('trades', { user: opts.proxyWallet, takerOnly: 'false' }, dataTradeSchema);
    },

    /** Every open order of the API key, following next_cursor until the end sentinel. */
    async openOrders(): Promise<OpenOrder[]> {
      const creds = opts.clob;
      if (!creds) return [];
      const out: OpenOrder[] = [];
      let cursor = CLOB_FIRST_CURSOR;
      for (let pages = 0; cursor !== CLOB_END_CURSOR && cursor !== '' && pages < 1000; pages++) {
        const requestPath = '/data/orders';
        const headers = l2Headers(creds, {
          timestampSeconds: Math.floor(now().getTime() / 1000),
          method: 'GET',
          requestPath,
        });
        const url = `${base(opts.clobUrl)}${requestPath}?next_cursor=${encodeURIComponent(cursor)}`;
        const page = await getJson(http, url, openOrdersPageSchema, headers);
        out.push(...page.data);
        cursor = page.next_cursor;
      }
      return out;
    },

    /** Gamma markets for these condition ids (batched; unknown ids are simply absent). */
    async marketsByConditionIds(conditionIds: string[]): Promise<GammaMarket[]> {
      const unique = [...new Set(conditionIds)];
      const out: GammaMarket[] = [];
      for (let i = 0; i < unique.length; i += GAMMA_BATCH) {
        const q = new URLSearchParams();
        for (const id of unique.slice(i, i + GAMMA_BATCH)) q.append('condition_ids', id);
        q.set('limit', String(GAMMA_BATCH));
        out.push(
          ...(await getJson(
            http,
            `${base(opts.gammaUrl)}/markets?${q}`,
            z.array(gammaMarketSchema),
          )),
        );
      }
      return out;
    },
  };
}

export type PolymarketClient = ReturnType<typeof createPolymarketClient>;
