import { analysisFiguresSchema } from '../../shared/analyses/contract.ts';

const pct = (n: number) => `${n > 0 ? '+' : ''}${n.toFixed(2)}%`;
const num = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 2 });

/**
 * The local model's token analysis: a short markdown report that states only the figures in the
 * prompt's `figures` object, and says plainly which are missing. The `request` text is ignored
 * (as the system prompt tells a real model), so nothing in a post can steer it. Null when the
 * prompt has no such figures (the generic answer is used instead).
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
  const lines = [`## $${f.token} at ${f.gatheredAt.slice(0, 16).replace('T', ' ')} UTC`, ''];
  lines.push('_Written by the local sandbox model from the measured figures below._', '');
  if (f.price) {
    const change =
      f.price.change24hPercent === null ? 'no 24 h change reported' : pct(f.price.change24hPercent);
    lines.push(`- **Price:** $${f.price.usd.toPrecision(4)} (${change} over 24 h).`);
  } else lines.push('- **Price:** no market price for this token.');
  if (f.totalSupplyUp !== null) lines.push(`- **Total supply:** ${num(f.totalSupplyUp)} UP.`);
  for (const h of f.holders) {
    lines.push(
      `- **${h.network === 'base' ? 'Base' : 'Constellation'}:** ${num(h.holders)} holders, ${num(h.circulating)} UP circulating; the 10 largest wallets hold ${h.top10Percent.toFixed(2)}%.`,
    );
  }
  if (f.holders.length === 0) lines.push('- **Holders:** not indexed for this token.');
  lines.push(
    `- **Activity:** ${f.transfers24h.count} agent transfers moved ${f.transfers24h.volume} ${f.token} in 24 h; ${f.mentions24h} posts mentioned the agent.`,
    '',
  );
  const top = Math.max(0, ...f.holders.map((h) => h.top10Percent));
  const read: string[] = [];
  if (top >= 50) read.push('Ownership is concentrated: a few wallets can move the market.');
  else if (f.holders.length) read.push('Ownership is spread beyond the largest wallets.');
  if (f.price?.change24hPercent != null) {
    read.push(
      Math.abs(f.price.change24hPercent) < 2
        ? 'The price is steady over the day.'
        : `The price moved ${pct(f.price.change24hPercent)} in a day: expect volatility.`,
    );
  }
  if (f.transfers24h.count === 0) read.push('No transfers through the agent in the last day.');
  lines.push(`**Reading:** ${read.join(' ') || 'Too few figures for a reading.'}`, '');
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
