import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { formatLongDate } from '@/shared/format';
import { createQueryClient } from '@/web/lib/query-client';
import {
  NO_SUBSCRIPTION,
  parseSubscription,
  type Subscription,
  subscriptionQueryOptions,
} from '../api/get-subscription';
import { SubscriptionCard } from './subscription-card';

const render = (subscription: Subscription | undefined, planPicker?: React.ReactNode) =>
  renderToString(
    <Router ssrPath="/dashboard">
      <SubscriptionCard subscription={subscription} planPicker={planPicker} />
    </Router>,
  ).replace(/<!-- -->/g, '');
const picker = <p>PLAN PICKER</p>;

const base = parseSubscription({
  hasSubscription: true,
  isActive: true,
  tier: 'premium',
  status: 'active',
  subscriptionHealth: 'active',
  daysRemaining: 20,
  startDate: '2026-10-01T12:00:00.000Z',
  endDate: '2026-12-12T12:00:00.000Z',
  monthsPurchased: 3,
});
const end = formatLongDate(base.endDate)!;

describe('SubscriptionCard', () => {
  it('says it is loading', () => {
    expect(render(undefined)).toContain('Loading subscription...');
  });

  it('shows the free tier without a subscription', () => {
    const html = render(NO_SUBSCRIPTION);
    expect(html).toContain('Free Tier');
    expect(html).toContain('Upgrade to unlock premium features');
    expect(html).toMatch(/href="\/premium"[^>]*>.*View Premium Plans/);
  });

  it('lets a free user buy a plan right in the card (the plan picker the page passes)', () => {
    const html = render(NO_SUBSCRIPTION, picker);
    expect(html).toContain('PLAN PICKER');
    expect(html).toContain('Free Tier');
  });

  it('a subscriber extends through the same picker, one click away', () => {
    const html = render(base, picker);
    expect(html).not.toContain('PLAN PICKER');
    expect(html).toContain('Extend your plan');
    expect(render(base)).not.toContain('Extend your plan');
  });

  it('shows tier, status, start, months and the active health box', () => {
    const html = render(base);
    expect(html).toContain('premium');
    expect(html).toContain('Active Subscription');
    expect(html).toContain('20 days remaining');
    expect(html).toContain(`Expires on ${end}`);
    expect(html).toContain(formatLongDate(base.startDate)!);
    expect(html).toContain('3 months');
    expect(html).toMatch(/href="\/premium"[^>]*>Manage Subscription/);
    expect(html).not.toContain('Free Tier');
  });

  it('says "month" for one month', () => {
    expect(render({ ...base, monthsPurchased: 1 })).toContain('1 month<');
  });

  it('warns when expiring soon', () => {
    const html = render({ ...base, subscriptionHealth: 'expiring_soon', daysRemaining: 3 });
    expect(html).toContain('Expiring Soon');
    expect(html).toContain('Only 3 days remaining!');
    expect(html).toContain(`Renew before ${end}`);
  });

  it('says when it expired', () => {
    const html = render({ ...base, subscriptionHealth: 'expired', daysRemaining: 0 });
    expect(html).toContain('Expired');
    expect(html).toContain(`Subscription expired on ${end}`);
    expect(html).not.toContain('Active Subscription');
  });
});

describe('parseSubscription', () => {
  it('reads hasSubscription false as no subscription', () => {
    expect(parseSubscription({ hasSubscription: false, isActive: false })).toEqual(NO_SUBSCRIPTION);
  });

  it('refuses a body of another shape than the shared contract', () => {
    for (const body of [null, 'x', {}, { hasSubscription: true, subscriptionHealth: 'weird' }]) {
      expect(() => parseSubscription(body)).toThrow();
    }
  });
});

describe('subscriptionQueryOptions', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('logs a failed fetch and falls back to no subscription', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.stubGlobal('fetch', async () => new Response('boom', { status: 500 }));
    const client = createQueryClient();
    await expect(client.fetchQuery(subscriptionQueryOptions())).resolves.toEqual(NO_SUBSCRIPTION);
    expect(log).toHaveBeenCalledWith('Failed to fetch subscription', expect.any(Error));
  });
});
