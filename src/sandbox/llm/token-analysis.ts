import { analysisFiguresSchema } from '@/shared/analyses/contract.ts';
import { num, pick, seedOf } from './prose.ts';

const pct = (n: number) => `${n > 0 ? '+' : ''}${n.toFixed(2)}%`;
const usdPrice = (n: number) => `$${n.toPrecision(4)}`;

/**
 * The local model's token analysis: a short markdown note that states only the figures in the
 * prompt's `figures` object and says plainly which are missing. Its wording follows the figures
 * (price up, down or steady; ownership concentrated or spread; busy or quiet) and, among
 * equivalent phrasings, the token and the hour, so two analyses do not read as one template.
 * The `request` text is ignored (as the system prompt tells a real model), so nothing in a post
 * can steer it. Null when the prompt has no such figures (the generic answer is used instead).
 */
export function writeSandboxTokenAnalysis(userMessage: string): string | null {
  let figures: unknown;
  try {
    figures = (JSON.parse(userMessage) as { figures?: unknown }).figures;
  } catch {
    return null;
  }
  const parsed = analysisFiguresSchema.safeParse(figures);
  if (!parsed.success) return null;
  const f = parsed.data;
  const t = `$${f.token}`;
  const seed = seedOf(`${f.token}|${f.gatheredAt.slice(0, 13)}`);
  const change = f.price?.change24hPercent ?? null;
  const top = Math.max(0, ...f.holders.map((h) => h.top10Percent));
  const main = f.holders.find((h) => h.network === 'constellation') ?? f.holders[0];

  // The lead: what a reader wants first, the price and who holds it.
  const lead: string[] = [];
  if (!f.price)
    lead.push(
      `No market price was available for ${t}, so this reading rests on the other figures.`,
    );
  else if (change === null)
    lead.push(`${t} trades at ${usdPrice(f.price.usd)}; the feed gave no 24 h change.`);
  else if (change >= 2)
    lead.push(
      pick(seed, 'up', [
        `${t} is up ${pct(change)} on the day, at ${usdPrice(f.price.usd)}.`,
        `${t} climbed to ${usdPrice(f.price.usd)}, ${pct(change)} in 24 hours.`,
      ]),
    );
  else if (change <= -2)
    lead.push(
      pick(seed, 'down', [
        `${t} slipped ${pct(change)} over 24 hours to ${usdPrice(f.price.usd)}.`,
        `${t} is down on the day: ${usdPrice(f.price.usd)}, ${pct(change)} in 24 hours.`,
      ]),
    );
  else
    lead.push(
      pick(seed, 'flat', [
        `${t} held steady at ${usdPrice(f.price.usd)} over the day (${pct(change)}).`,
        `A quiet day for ${t}: ${usdPrice(f.price.usd)}, ${pct(change)} in 24 hours.`,
      ]),
    );
  if (main) {
    lead.push(
      top >= 50
        ? `Ownership is concentrated: the ten largest of ${num(main.holders)} wallets hold ${main.top10Percent.toFixed(1)}% of it, enough to move the market.`
        : pick(seed, 'spread', [
            `${num(main.holders)} wallets hold it, and the ten largest own ${main.top10Percent.toFixed(1)}%: no small group sets the price.`,
            `Holdings are spread across ${num(main.holders)} wallets; the top ten have ${main.top10Percent.toFixed(1)}%.`,
          ]),
    );
  } else lead.push(`No holder figures were available for ${t}.`);

  const lines = [`## ${t} at ${f.gatheredAt.slice(0, 16).replace('T', ' ')} UTC`, ''];
  lines.push('_Written by the local sandbox model from the measured figures below._', '');
  lines.push(lead.join(' '), '', '**Figures**', '');
  if (f.price) {
    const c = change === null ? 'no 24 h change reported' : `${pct(change)} over 24 h`;
    lines.push(`- Price: ${usdPrice(f.price.usd)} (${c}).`);
  } else lines.push('- Price: none available.');
  if (f.totalSupplyUp !== null) lines.push(`- Total supply: ${num(f.totalSupplyUp)} UP.`);
  for (const h of f.holders) {
    lines.push(
      `- ${h.network === 'base' ? 'Base' : 'Constellation'}: ${num(h.holders)} holders, ${num(h.circulating)} ${f.token} circulating; the 10 largest wallets hold ${h.top10Percent.toFixed(2)}%.`,
    );
  }
  if (f.holders.length === 0) lines.push('- Holders: none available.');
  lines.push(
    `- Activity: ${f.transfers24h.count} agent transfer${f.transfers24h.count === 1 ? '' : 's'} moved ${f.transfers24h.volume} ${f.token} in 24 h; ${f.mentions24h} post${f.mentions24h === 1 ? '' : 's'} mentioned the agent.`,
    '',
  );

  const read: string[] = [];
  if (change !== null && Math.abs(change) >= 5)
    read.push(`A ${pct(change)} day is a large move: expect more volatility.`);
  else if (change !== null && Math.abs(change) >= 2)
    read.push('The price is moving, but within a normal day’s range.');
  else if (change !== null) read.push('The price gives no signal on its own today.');
  if (top >= 50) read.push('With this concentration, a few sellers can swing it.');
  if (f.transfers24h.count === 0)
    read.push(
      pick(seed, 'quiet', [
        'No transfers went through the agent in the last day.',
        'The agent saw no transfers of it in 24 hours: interest here is quiet.',
      ]),
    );
  else read.push(`${f.transfers24h.count} transfers through the agent show it in use.`);
  lines.push(`**Reading:** ${read.join(' ')}`, '');
  lines.push('_Not financial advice._');
  return lines.join('\n');
}

/** The local model's promotion line: the post's own first words, attributed (no handles, links). */
export function writeSandboxPromotionLine(userMessage: string): string | null {
  try {
    const { author, post } = JSON.parse(userMessage) as { author?: string; post?: string };
    if (typeof post !== 'string') return null;
    const words = post
      .replace(/https?:\/\/\S+|@\w+/g, '')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, 100);
    return `Good one from ${author ?? 'this author'}: “${words}”`;
  } catch {
    return null;
  }
}
