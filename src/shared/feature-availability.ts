import type { PaidItem } from './premium-benefits.ts';

/**
 * The one place that says which of the agent's paid services work today. Pages that list a
 * service (the premium table, the landing, the guide) mark the others 'Coming soon' instead of
 * offering them; the agent answers such a command with "not available yet".
 */
export const PAID_ITEM_AVAILABLE: Record<PaidItem, boolean> = {
  digital_evidence: true,
  token_analysis: true,
  video: true,
};

/** "promote this" / "quote this" / "comment on this" (free, limited per day). */
export const PROMOTION_AVAILABLE = true;

export const COMING_SOON = 'Coming soon';
