import { z } from 'zod';
import {
  cents,
  pick,
  points,
  SANDBOX_NOTE,
  seedOf,
  signedPercent,
  usd,
  whole,
  withoutRawIds,
} from './prose.ts';

/** The position the analyst job sends (core/portfolio/write-missing-analyses.ts), as far as read. */
const positionSchema = z.looseObject({
  market_question: z.string().nullish(),
  outcome: z.string().min(1),
  balance: z.number().positive(),
  avg_entry_price: z.number().min(0).max(1),
  current_price: z.number().gt(0).lt(1),
  current_value: z.number(),
  cost_basis: z.number(),
  unrealized_pnl: z.number(),
  pnl_percent: z.number(),
  trade_count: z.object({ buys: z.number(), sells: z.number() }).optional(),
  end_date: z.string().nullish(),
});

/** The sections the page shows (shared/portfolio.ts aiAnalysisSchema, without the asset id). */
export interface PositionAnalysis {
  overall_reasoning: string;
  evidence_bullish: string;
  evidence_bearish: string;
  ai_probability: number;
  edge: number;
  confidence: string;
  risk_assessment: string;
  bet_size_reasoning: string;
  exit_reasoning: string;
}

const DAY_MS = 86_400_000;
const round3 = (n: number) => Math.round(n * 1000) / 1000;
const clamp = (n: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, n));

/**
 * The local model's note on one Polymarket position: an analyst's reading of the figures it was
 * given (entry against the current price, the estimate and its edge, the size, the time left,
 * what would change the view), in the page's sections. The wording follows the figures (rising
 * or falling, edge above or below the market, resolution near or far) and, among equivalent
 * phrasings, the market, so two positions do not read as one template. It never repeats the
 * prompt and never writes an outcome token id. Null when the message is not such a position.
 */
export function writeSandboxPositionAnalysis(
  userMessage: string,
  now: Date,
): PositionAnalysis | null {
  let raw: unknown;
  try {
    raw = JSON.parse(userMessage);
  } catch {
    return null;
  }
  const parsed = positionSchema.safeParse(raw);
  if (!parsed.success) return null;
  const p = parsed.data;
  const question = withoutRawIds(p.market_question?.trim() || 'this market');
  const q = `“${question}”`;
  const outcome = withoutRawIds(p.outcome);
  const seed = seedOf(`${question}|${outcome}`);
  const entry = p.avg_entry_price;
  const price = p.current_price;
  const move = price - entry;
  const trend = move >= 0.02 ? 'rising' : move <= -0.02 ? 'falling' : 'flat';
  // The bot bought believing the outcome was worth more than its entry; the market has had its
  // say since. The estimate weighs the two: the market's price most, the thesis still some.
  const estimate = round3(clamp(0.6 * price + 0.4 * Math.min(0.97, entry + 0.08), 0.02, 0.98));
  const edge = round3(estimate - price);
  const lean = edge >= 0.03 ? 'above' : edge <= -0.03 ? 'below' : 'level';
  const end = p.end_date ? new Date(p.end_date) : null;
  const days =
    end && !Number.isNaN(end.getTime())
      ? Math.max(0, Math.ceil((end.getTime() - now.getTime()) / DAY_MS))
      : null;
  const horizon = days === null ? 'unknown' : days <= 14 ? 'near' : days > 60 ? 'far' : 'mid';
  const daysText = days === null ? '' : days === 1 ? '1 day' : `${whole(days)} days`;
  const shares = whole(p.balance);
  const payout = p.balance; // each share pays $1 if the outcome resolves its way
  const buys = p.trade_count?.buys ?? 0;
  const sells = p.trade_count?.sells ?? 0;

  // Overall reasoning: the situation, the money, the view, the clock.
  const opening = {
    rising: pick(seed, 'open', [
      `The bot holds ${outcome} on ${q}, bought at an average ${cents(entry)}; the market now prices it at ${cents(price)}, ${points(move)} in the position’s favour.`,
      `Since the bot bought ${outcome} on ${q} at ${cents(entry)}, the price has climbed to ${cents(price)} (${points(move)}).`,
      `${q} has moved the bot’s way: its ${outcome} shares, bought at ${cents(entry)}, are quoted at ${cents(price)} now.`,
    ]),
    falling: pick(seed, 'open', [
      `The bot’s ${outcome} position on ${q} is under water: bought at ${cents(entry)}, it trades at ${cents(price)} now (${points(move)}).`,
      `${q} has gone against the bot so far: its ${outcome} shares cost ${cents(entry)} on average and are quoted at ${cents(price)}.`,
      `The market has marked ${outcome} on ${q} down from the bot’s ${cents(entry)} entry to ${cents(price)}.`,
    ]),
    flat: pick(seed, 'open', [
      `The bot holds ${outcome} on ${q} at an average ${cents(entry)}; the market sits at ${cents(price)}, close to where it bought.`,
      `${q} has barely moved since the bot bought ${outcome}: ${cents(entry)} then, ${cents(price)} now.`,
    ]),
  }[trend];
  const money = `${shares} shares cost ${usd(p.cost_basis)} and are worth ${usd(p.current_value)} today (${usd(p.unrealized_pnl)}, ${signedPercent(p.pnl_percent)}).`;
  const view = {
    above: pick(seed, 'view', [
      `This model puts the chance of ${outcome} at about ${cents(estimate)}, ${points(edge)} above the market: the thesis still has room to pay.`,
      `Its estimate of ${cents(estimate)} for ${outcome} leaves an edge of ${points(edge)} over the ${cents(price)} the market asks.`,
    ]),
    below: pick(seed, 'view', [
      `This model’s estimate, about ${cents(estimate)}, is now below the market’s ${cents(price)} (${points(edge)}): most of the mispricing the bot bought looks priced in.`,
      `At ${cents(price)} the market is ahead of this model’s ${cents(estimate)} estimate (${points(edge)}); holding on asks the market to overshoot.`,
    ]),
    level: pick(seed, 'view', [
      `This model’s estimate, about ${cents(estimate)}, is close to the market’s ${cents(price)}: little edge is left either way (${points(edge)}).`,
      `The estimate (${cents(estimate)}) and the market (${cents(price)}) nearly agree, so the position is a hold rather than a conviction (${points(edge)}).`,
    ]),
  }[lean];
  const clock = {
    near: `Resolution is ${daysText} away, so there is little time left for the price to turn.`,
    mid: `Resolution is ${daysText} away: time for one or two pieces of news to move it.`,
    far: pick(seed, 'clock', [
      `With ${daysText} to resolution, the price has time to move a long way in either direction.`,
      `Resolution is ${daysText} out; the money is tied up for a while.`,
    ]),
    unknown: 'No resolution date was given, so time is not part of this view.',
  }[horizon];
  const overall = [`${opening} ${money}`, `${view} ${clock}`, SANDBOX_NOTE].join('\n\n');

  // Evidence for and against, from the same figures.
  const bull: string[] = [];
  if (trend === 'rising')
    bull.push(
      `The price rose from ${cents(entry)} to ${cents(price)} since the bot bought: the market has been moving toward ${outcome}.`,
    );
  else if (trend === 'falling')
    bull.push(
      `At ${cents(price)}, ${outcome} is cheaper than the bot’s own entry at ${cents(entry)}; if the original thesis holds, this is a better price than it paid.`,
    );
  else
    bull.push(
      `The price held near the entry (${cents(entry)} → ${cents(price)}): nothing has broken the thesis yet.`,
    );
  if (edge > 0) bull.push(`The estimate of ${cents(estimate)} leaves ${points(edge)} of edge.`);
  if (price >= 0.7) bull.push(`The market itself rates ${outcome} likely, at ${cents(price)}.`);
  if (buys > 1)
    bull.push(`The bot bought in ${buys} fills: it added to the position rather than buying once.`);
  if (horizon === 'far' || horizon === 'mid')
    bull.push(`${daysText} remain for the thesis to play out.`);

  const bear: string[] = [];
  if (trend === 'falling')
    bear.push(`The market has moved ${points(move)} against the position since entry.`);
  if (trend === 'rising')
    bear.push(
      `Much of the move is already in the price: more ${outcome} at ${cents(price)} would pay less than the entry did.`,
    );
  if (edge < 0)
    bear.push(
      `This model’s estimate (${cents(estimate)}) is below the market: by this view the shares are priced above fair value.`,
    );
  if (price < 0.3)
    bear.push(
      `The market gives ${outcome} only ${cents(price)}: most traders expect the other side.`,
    );
  if (horizon === 'near')
    bear.push(`Only ${daysText} to resolution: little time to recover a loss.`);
  if (sells > 0)
    bear.push(
      `The bot has sold ${sells} time${sells === 1 ? '' : 's'} already: it has been trimming.`,
    );
  bear.push(
    'The view rests on price and position figures only: no news or order-book depth was given.',
  );
  const bullets = (xs: string[]) => xs.map((x) => `- ${x}`).join('\n');

  // Confidence, risk, size, exit.
  const level =
    Math.abs(edge) >= 0.08 && horizon !== 'near' && horizon !== 'unknown'
      ? 'High'
      : Math.abs(edge) < 0.03 || price < 0.1 || price > 0.9
        ? 'Low'
        : 'Medium';
  const confidence = `${level}: ${points(edge)} edge${daysText ? `, ${daysText} to resolution` : ''}.`;

  const riskLevel =
    price < 0.3 || horizon === 'near'
      ? 'High'
      : price > 0.7 && trend !== 'falling'
        ? 'Low'
        : 'Moderate';
  const risk = [
    `${riskLevel} risk. If ${outcome} does not happen the shares go to zero: ${usd(p.current_value)} at today’s price, ${usd(p.cost_basis)} against what was paid.`,
    price < 0.3
      ? `At ${cents(price)} the market expects that outcome more often than not.`
      : price > 0.7
        ? `At ${cents(price)} the downside is a low-probability event, but a total one when it comes.`
        : `At ${cents(price)} the market sees it as close to a coin flip.`,
    horizon === 'near'
      ? 'Near resolution, prices jump on single pieces of news.'
      : 'A binary market can gap on one headline; there is no stop that fills in between.',
  ].join(' ');

  const multiple = p.current_value > 0 ? payout / p.current_value : 0;
  const size = [
    pick(seed, 'size', [
      `${shares} shares at an average ${cents(entry)} put ${usd(p.cost_basis)} in.`,
      `The position is ${shares} shares, ${usd(p.cost_basis)} paid at ${cents(entry)} on average.`,
    ]),
    `A win pays ${usd(payout)} (${multiple.toFixed(2)}× today’s value); a loss costs the ${usd(p.current_value)} it is worth now.`,
    lean === 'above'
      ? 'With the edge this model sees, the size is defensible; adding more would lean on one estimate.'
      : lean === 'below'
        ? 'With the edge gone by this view, the size is larger than the reasoning now supports.'
        : 'With little edge either way, the size should not grow from here.',
  ].join(' ');

  const stop = clamp(Math.min(entry, price) - 0.1, 0.01, 0.95);
  const target = clamp(Math.max(estimate, price) + 0.05, 0.05, 0.99);
  const exit = [
    `What would change the view: a price below ${cents(stop)} would say the thesis is broken (cut or exit); above ${cents(target)} the market would be paying more than this model expects (take profit).`,
    lean === 'below'
      ? `As it stands, trimming into the current ${cents(price)} is reasonable.`
      : horizon === 'near'
        ? `Otherwise hold to resolution in ${daysText}.`
        : 'Otherwise hold, and look again when the price moves 10 points or news breaks.',
  ].join(' ');

  return {
    overall_reasoning: overall,
    evidence_bullish: bullets(bull),
    evidence_bearish: bullets(bear),
    ai_probability: estimate,
    edge,
    confidence,
    risk_assessment: risk,
    bet_size_reasoning: size,
    exit_reasoning: exit,
  };
}
