export type SubscriptionHealth = 'active' | 'expiring_soon' | 'expired';

const DAY_MS = 24 * 60 * 60 * 1000;
/** A subscription ending within this many days is "expiring soon". */
export const EXPIRING_SOON_DAYS = 7;

/**
 * The one place subscription health is decided, from the end date alone:
 * expired when the end has passed; expiring_soon within 7 days of the end; else active.
 * daysRemaining counts started days (23 hours left → 1), 0 once expired.
 */
export function subscriptionHealth(endDate: Date, now: Date) {
  const msLeft = endDate.getTime() - now.getTime();
  if (msLeft <= 0) return { health: 'expired' as SubscriptionHealth, daysRemaining: 0 };
  const daysRemaining = Math.ceil(msLeft / DAY_MS);
  const health: SubscriptionHealth =
    msLeft <= EXPIRING_SOON_DAYS * DAY_MS ? 'expiring_soon' : 'active';
  return { health, daysRemaining };
}
