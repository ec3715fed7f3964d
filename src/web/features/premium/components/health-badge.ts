import type { PremiumUser } from '@/shared/premium/contract';

export interface BadgeView {
  text: string;
  tone: 'green' | 'amber' | 'red' | 'slate';
}

/**
 * The /premium health badge: 'Nd left' (or 'Active' when no day count) for active,
 * 'Nd left!' (or 'Expiring') for expiring_soon, 'Expired', and 'Free Tier' for no subscription.
 */
export function healthBadge(user: Pick<PremiumUser, 'subscription_health' | 'days_remaining'>) {
  const days = user.days_remaining;
  switch (user.subscription_health) {
    case 'active':
      return { text: days > 0 ? `${days}d left` : 'Active', tone: 'green' } satisfies BadgeView;
    case 'expiring_soon':
      return { text: days > 0 ? `${days}d left!` : 'Expiring', tone: 'amber' } satisfies BadgeView;
    case 'expired':
      return { text: 'Expired', tone: 'red' } satisfies BadgeView;
    default:
      return { text: 'Free Tier', tone: 'slate' } satisfies BadgeView;
  }
}

export const BADGE_TONE_CLASS: Record<BadgeView['tone'], string> = {
  green: 'border-emerald-500/40 bg-emerald-500/10 text-emerald-300',
  amber: 'border-amber-500/40 bg-amber-500/10 text-amber-300',
  red: 'border-red-500/40 bg-red-500/10 text-red-300',
  slate: 'border-slate-600 bg-slate-800 text-slate-300',
};
