import { formatTokenAmount } from '@/shared/units.ts';

/**
 * What a paid reply says it cost: the price paid, shown like every displayed amount (two
 * decimals; the receipt has the exact figure), or the premium allowance it used.
 */
export function paidText(charge: { outcome: 'paid'; price: bigint } | { outcome: 'free' }): string {
  return charge.outcome === 'paid'
    ? `Paid ${formatTokenAmount(charge.price)} UP.`
    : 'Free (premium allowance).';
}

/** A message that may already end a sentence, ended by exactly one full stop. */
export const asSentence = (text: string) => `${text.replace(/[.\s]+$/, '')}.`;
