import { describe, expect, it } from 'vitest';
import { healthBadge } from './health-badge';

describe('healthBadge on /premium', () => {
  it.each([
    ['active', 23, '23d left'],
    ['active', 0, 'Active'],
    ['expiring_soon', 3, '3d left!'],
    ['expiring_soon', 0, 'Expiring'],
    ['expired', 0, 'Expired'],
    ['no_subscription', 0, 'Free Tier'],
  ] as const)('%s with %i days shows %s', (health, days, text) => {
    expect(healthBadge({ subscription_health: health, days_remaining: days }).text).toBe(text);
  });
});
