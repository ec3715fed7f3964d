import { fitWeighted, MAX_WEIGHTED_LENGTH, weightedLength } from '@/shared/x-text.ts';

/**
 * Where a reply's tail starts: its receipt, a link (`Receipt: <url>`, maybe a transaction link
 * after it) or a number (`Receipt #<id>`), must survive a cut.
 */
const tailStart = (text: string) =>
  Math.max(text.lastIndexOf(' Receipt: '), text.lastIndexOf(' Receipt #'));

const withoutTxLink = (text: string) => {
  const tx = text.lastIndexOf(' Tx: ');
  return tx > tailStart(text) && tailStart(text) > 0 ? text.slice(0, tx) : text;
};

/**
 * A reply cut to X's 280 weighted characters (twitter-text's count), keeping its receipt
 * whole: the text before it is shortened instead. Every reply is queued through here, so none is
 * refused by X for length — however long the server's origin (a `http://localhost:3000` is no
 * link to twitter-text, so it counts every character, not 23).
 */
export function fitReply(full: string, max = MAX_WEIGHTED_LENGTH): string {
  if (weightedLength(full) <= max) return full;
  // A transaction link after the receipt is on the receipt too: it goes before any words do
  // (a send's reply keeps its balance and return date whole on a long local origin).
  const text = withoutTxLink(full);
  if (weightedLength(text) <= max) return text;
  const at = tailStart(text);
  const tail = at > 0 ? text.slice(at) : '';
  const room = max - weightedLength(tail);
  if (tail && room > 1) {
    const fitted = `${fitWeighted(text.slice(0, at), room)}${tail}`;
    // Measured whole: a cut next to a link can change what twitter-text reads as one.
    if (weightedLength(fitted) <= max) return fitted;
  }
  return fitWeighted(text, max);
}
