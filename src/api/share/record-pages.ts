import { getReceipt } from '@/agent/receipts/get-receipt.ts';
import { getPublishedAnalysis } from '@/core/analyses/index.ts';
import { getEvidence } from '@/core/evidence/list-evidence.ts';
import { getLeaderboard } from '@/core/leaderboards/get-leaderboard.ts';
import type { LeaderboardPeriod } from '@/shared/leaderboard/contract.ts';
import {
  analysisTitle,
  evidenceBy,
  evidenceTitle,
  receiptHeadline,
  receiptTitle,
  shortHash as short,
} from '@/shared/record-titles.ts';
import { formatTokenAmountExact } from '@/shared/units.ts';
import type { ApiDeps } from '../deps.ts';
import { type SharePage, titled } from './share-page.ts';

type Deps = Pick<ApiDeps, 'db' | 'now'>;
const up = (units: string | null) => (units ? formatTokenAmountExact(BigInt(units)) : '…');
// Cards and descriptions are read anywhere: UTC, named.
const utc = (iso: string) => `${new Date(iso).toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/** A receipt: "Sent 5.00 UP to @bob · confirmed", or the command and how it ended. */
export async function receiptSharePage(
  deps: Deps,
  id: string,
  host: string,
): Promise<SharePage | null> {
  const r = await getReceipt(deps.db, id);
  if (!r) return null;
  const t = r.transfer;
  const headline = receiptHeadline(r);
  const lines = t
    ? [
        `From ${t.from.handle ? `@${t.from.handle}` : short(t.from.address)}`,
        `Fee ${up(t.fee)} ${t.token} · network fee ${up(t.networkFee)} ${t.token} · total ${up(t.total)} ${t.token}`,
        ...r.transactions.slice(0, 1).map((tx) => `Transaction ${short(tx.hash)}`),
        utc(t.confirmedAt ?? t.createdAt),
      ]
    : [r.author ? `Asked by @${r.author}` : 'Asked on X', utc(r.postedAt)];
  return {
    title: receiptTitle(r),
    description: `${headline}. ${lines.join(' · ')}.`,
    path: `/receipts/${encodeURIComponent(id)}`,
    cardPath: `/api/cards/receipt/${encodeURIComponent(id)}.png`,
    card: { kicker: 'Receipt', headline, lines, footer: host },
  };
}

/** A fingerprinted post: its hash and when it was fingerprinted. */
export async function evidenceSharePage(
  deps: Deps,
  tweetId: string,
  host: string,
): Promise<SharePage | null> {
  if (!/^[0-9]{1,19}$/.test(tweetId)) return null;
  const row = await getEvidence(deps.db, tweetId);
  if (!row) return null;
  const by = evidenceBy(row.authorUsername);
  const lines = [
    `Fingerprint ${short(row.fingerprintHash)}`,
    `Fingerprinted ${utc(row.createdAt.toISOString())}`,
    `“${row.tweetContent.slice(0, 80)}”`,
  ];
  return {
    title: evidenceTitle(row.authorUsername),
    description: `${by} fingerprinted on Constellation. ${lines.slice(0, 2).join(' · ')}.`,
    path: `/digital-evidence/tweet/${tweetId}`,
    cardPath: `/api/cards/evidence/${tweetId}.png`,
    card: { kicker: 'Digital evidence', headline: `${by} fingerprinted`, lines, footer: host },
  };
}

/** A published analysis: the token, who asked, and the price it was written with. */
export async function analysisSharePage(
  deps: Deps,
  id: string,
  host: string,
): Promise<SharePage | null> {
  const a = await getPublishedAnalysis(deps.db, id);
  if (!a) return null;
  const price = a.figures.price;
  const lines = [
    `Asked by @${a.requester}`,
    price ? `Price $${price.usd} when written` : 'No market price when written',
    `Written ${utc(a.createdAt)}`,
  ];
  return {
    title: analysisTitle(a.token),
    description: `An analysis of $${a.token} written for @${a.requester}. ${lines.slice(1).join(' · ')}.`,
    path: `/analyses/${encodeURIComponent(id)}`,
    cardPath: `/api/cards/analysis/${encodeURIComponent(id)}.png`,
    card: { kicker: 'Analysis', headline: `$${a.token} analysis`, lines, footer: host },
  };
}

const PERIOD_WORDS: Record<LeaderboardPeriod, string> = {
  monthly: 'This month',
  'all-time': 'All time',
};

/** A leaderboard tab: the top five by mentions of that period. */
export async function leaderboardSharePage(
  deps: Deps,
  period: LeaderboardPeriod,
  host: string,
): Promise<SharePage> {
  const entries = await getLeaderboard(deps, { category: 'mentions', period });
  const lines = entries
    .slice(0, 5)
    .map((e) => `${e.rank}. @${e.username} · ${e.count} ${e.count === 1 ? 'mention' : 'mentions'}`);
  const words = PERIOD_WORDS[period];
  return {
    title: titled(`Leaderboard · ${words}`),
    description: lines.length
      ? `Top of the Upsider leaderboard (${words.toLowerCase()}): ${lines.join(', ')}.`
      : `The Upsider leaderboard (${words.toLowerCase()}): no activity yet.`,
    path: period === 'monthly' ? '/leaderboard' : `/leaderboard?period=${period}`,
    cardPath: `/api/cards/leaderboard/${period}.png`,
    card: {
      kicker: `Leaderboard · ${words}`,
      headline: 'Most mentions',
      lines: lines.length ? lines : ['No activity yet'],
      footer: host,
    },
  };
}
