import { describe, expect, it } from 'vitest';
import { STATUS_OF_KIND } from '@/api/http/error-handler.ts';
import { DomainError } from '../errors.ts';
import { SubscriptionError, type SubscriptionErrorCode } from './errors.ts';

describe('SubscriptionError', () => {
  it('is a DomainError whose kind gives the status the API has always answered', () => {
    const statuses: Record<SubscriptionErrorCode, number> = {
      invalid_plan: 400,
      quote_not_found: 404,
      quote_expired: 409,
      insufficient_funds: 422,
      no_wallet: 422,
      payment_rejected: 422,
      price_stale: 503,
      price_unavailable: 503,
    };
    for (const [code, status] of Object.entries(statuses)) {
      const err = new SubscriptionError(code as SubscriptionErrorCode, 'why');
      expect(err).toBeInstanceOf(DomainError);
      expect([code, STATUS_OF_KIND[err.kind]]).toEqual([code, status]);
    }
  });
});
