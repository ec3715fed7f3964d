import { describe, expect, it } from 'vitest';
import { subscriptionHealth } from './subscription-health.ts';

const now = new Date('2030-06-01T12:00:00Z');
const plus = (ms: number) => new Date(now.getTime() + ms);
const DAY = 86_400_000;

describe('subscriptionHealth', () => {
  it.each([
    [30 * DAY, 'active', 30],
    [7 * DAY + 1, 'active', 8],
    [7 * DAY, 'expiring_soon', 7],
    [1, 'expiring_soon', 1],
    [0, 'expired', 0],
    [-DAY, 'expired', 0],
  ])('end in %d ms → %s, %d days', (offset, health, days) => {
    expect(subscriptionHealth(plus(offset), now)).toEqual({ health, daysRemaining: days });
  });
});
