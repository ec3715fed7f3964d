/**
 * Fees and allowances: the one table of what premium gives (decision 0007). The agent, the web
 * and the allowance service (src/core/allowances) all read it; /premium renders it. Prices in
 * whole $UP.
 */
export const PAID_ITEMS = ['token_analysis', 'digital_evidence', 'video'] as const;
export type PaidItem = (typeof PAID_ITEMS)[number];

export interface PaidItemTerms {
  label: string;
  /** What a user without an active premium subscription pays, per use. */
  freeTierPriceUP: number;
  /** Uses per UTC day that cost a premium subscriber nothing. */
  premiumFreePerDay: number;
  /** What a premium subscriber pays per use once the day's free uses are spent. */
  premiumPriceUP: number;
  /** Shown after the premium price, when the spec shows one. */
  premiumPriceNote?: string;
}

export const PAID_ITEM_TERMS: Record<PaidItem, PaidItemTerms> = {
  token_analysis: {
    label: 'Token analysis',
    freeTierPriceUP: 75,
    premiumFreePerDay: 3,
    premiumPriceUP: 56,
    premiumPriceNote: '25% off',
  },
  digital_evidence: {
    label: 'Digital evidence',
    freeTierPriceUP: 30,
    premiumFreePerDay: 5,
    premiumPriceUP: 23,
  },
  video: {
    label: 'Video generation',
    freeTierPriceUP: 250,
    premiumFreePerDay: 1,
    premiumPriceUP: 188,
  },
};

/** Transfer fee per benefit tier, in basis points (the transfer service charges these). */
export const TRANSFER_FEE_BPS = { free: 50, premium: 0 } as const;

/** Yearly plans are priced (and shown) at this discount on twelve monthly payments. */
export const YEARLY_DISCOUNT_PERCENT = 50;

/**
 * Which subscription tiers get the premium benefits (0% fee, allowances, prioritized replies,
 * reward eligibility). Only the premium tier has them; pro unlocks the full AI analysis
 * (hasSubscription) but not these. Decision 0007.
 */
export const BENEFIT_TIERS = ['premium'] as const;

const percent = (bps: number) => `${bps / 100}%`;

/** The free-versus-premium table, word for word as /premium shows it: [item, free, premium]. */
export function premiumComparisonRows(): [string, string, string][] {
  const rows: [string, string, string][] = PAID_ITEMS.map((item) => {
    const t = PAID_ITEM_TERMS[item];
    const note = t.premiumPriceNote ? ` (${t.premiumPriceNote})` : '';
    return [
      t.label,
      `${t.freeTierPriceUP} $UP`,
      `${t.premiumFreePerDay} free per day, then ${t.premiumPriceUP} $UP${note}`,
    ];
  });
  rows.push(['Transfer fee', percent(TRANSFER_FEE_BPS.free), percent(TRANSFER_FEE_BPS.premium)]);
  return rows;
}
