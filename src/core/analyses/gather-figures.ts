import { and, count, eq, gte, inArray, sql, sum } from 'drizzle-orm';
import type { Db } from '@/db/client.ts';
import { agentInbox, holderRankings, transfers } from '@/db/schema/index.ts';
import type { ConstellationClient } from '@/integrations/constellation/index.ts';
import type { MarketClient } from '@/integrations/market/index.ts';
import type { AnalysisFigures } from '@/shared/analyses/contract.ts';
import { TOTAL_SUPPLY_UP } from '@/shared/holders/constants.ts';
import { walletListSchema } from '@/shared/holders/wallet-list.ts';
import type { Token } from '@/shared/tokens.ts';
import { TOKEN_DECIMALS, unitsToDecimal } from '@/shared/units.ts';
import { rankHolders } from '../holders/rank-holders.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;

export interface FigureDeps {
  db: Db;
  market: Pick<MarketClient, 'getUpPrice'> & Partial<Pick<MarketClient, 'getTokenPrice'>>;
  /** DAG's and DOR's holders are read from the network's latest combined snapshot. */
  constellation?: Pick<ConstellationClient, 'getLatestCombined'>;
  now: () => Date;
}

/**
 * Measures what an analysis may say, before the model is asked: holders and concentration (UP:
 * as the holder indexes last published them, both networks; DAG, DOR: from the Constellation
 * network's latest combined snapshot), the agent's confirmed transfers of the token in the last
 * 24 h, the token's price and its 24 h change, and the agent's mentions in 24 h.
 * The model gets exactly these numbers and nothing it could turn into an action.
 */
export async function gatherFigures(deps: FigureDeps, token: Token): Promise<AnalysisFigures> {
  const now = deps.now();
  const since = new Date(now.getTime() - DAY_MS);
  const [holders, moved, mentions, price] = await Promise.all([
    token === 'UP' ? holderFigures(deps.db) : snapshotHolders(deps, token),
    deps.db
      .select({ n: count(), volume: sum(transfers.amount) })
      .from(transfers)
      .where(
        and(
          eq(transfers.token, token),
          eq(transfers.state, 'confirmed'),
          gte(transfers.confirmedAt, since),
        ),
      ),
    deps.db
      .select({ n: count() })
      .from(agentInbox)
      .where(and(eq(agentInbox.source, 'x'), gte(agentInbox.receivedAt, since))),
    (token === 'UP'
      ? deps.market.getUpPrice()
      : (deps.market.getTokenPrice?.(token) ?? Promise.resolve(null))
    ).catch(() => null),
  ]);
  const volume = BigInt(moved[0]?.volume ?? 0);
  return {
    token,
    totalSupplyUp: token === 'UP' ? TOTAL_SUPPLY_UP : null,
    holders,
    transfers24h: { count: Number(moved[0]?.n ?? 0), volume: unitsToDecimal(volume) },
    price: price
      ? {
          usd: price.usd,
          change24hPercent:
            price.change24hPercent === null ? null : round(price.change24hPercent, 2),
          asOf: price.asOf.toISOString(),
        }
      : null,
    mentions24h: Number(mentions[0]?.n ?? 0),
    gatheredAt: now.toISOString(),
  };
}

/** Holder count, circulating UP and top-10 share per network, from the published rankings. */
async function holderFigures(db: Db): Promise<AnalysisFigures['holders']> {
  const rows = await db
    .select()
    .from(holderRankings)
    .where(inArray(holderRankings.network, ['constellation', 'base']))
    .orderBy(sql`${holderRankings.network} desc`);
  return rows.flatMap((row) => {
    const parsed = walletListSchema.safeParse(JSON.parse(row.body));
    if (!parsed.success) return [];
    const list = parsed.data;
    const circulating = list.wallets.filter((w) => !w.notInCirculation);
    const total = list.totalCirculation ?? circulating.reduce((s, w) => s + w.balance, 0);
    const top10 = [...circulating]
      .sort((a, b) => b.balance - a.balance)
      .slice(0, 10)
      .reduce((s, w) => s + w.balance, 0);
    return [
      {
        network: row.network as 'constellation' | 'base',
        holders: list.walletCount,
        circulating: round(total, 2),
        top10Percent: total > 0 ? round((top10 / total) * 100, 2) : 0,
        asOf: list.asOf?.time ?? row.asOf.toISOString(),
      },
    ];
  });
}

/**
 * DAG's or DOR's holders on Constellation, from the latest combined snapshot (every balance):
 * holder count, the whole balance as circulating (no wallet of theirs is ours to mark out of
 * circulation), the 10 largest wallets' share. None when the network cannot be read.
 */
async function snapshotHolders(
  deps: FigureDeps,
  token: 'DAG' | 'DOR',
): Promise<AnalysisFigures['holders']> {
  if (!deps.constellation) return [];
  try {
    const combined = await deps.constellation.getLatestCombined(token);
    const list = rankHolders({
      balances: combined.balances,
      decimals: TOKEN_DECIMALS,
      known: [],
      limit: 10,
      asOf: {
        network: 'constellation',
        position: combined.ordinal.toString(),
        time: deps.now().toISOString(),
      },
    });
    if (list.walletCount === 0) return [];
    const total = list.totalCirculation ?? 0;
    const top10 = list.wallets.reduce((s, w) => s + w.balance, 0);
    return [
      {
        network: 'constellation',
        holders: list.walletCount,
        circulating: round(total, 2),
        top10Percent: total > 0 ? round((top10 / total) * 100, 2) : 0,
        asOf: list.asOf?.time ?? null,
      },
    ];
  } catch {
    return [];
  }
}
