import { describe, expect, it } from 'vitest';
import { FEE_BASIS_POINTS } from '@/core/transfers/model/fee.ts';
import { premiumComparisonRows, TRANSFER_FEE_BPS } from './premium-benefits.ts';

describe('premium benefits table', () => {
  it('renders the fees and allowances rows word for word', () => {
    expect(premiumComparisonRows()).toEqual([
      ['Token analysis', '75 $UP', '3 free per day, then 56 $UP (25% off)'],
      ['Digital evidence', '30 $UP', '5 free per day, then 23 $UP'],
      ['Video generation', '250 $UP', '1 free per day, then 188 $UP'],
      ['Transfer fee', '0.5%', '0%'],
    ]);
  });

  it('is the fee the transfer service charges', () => {
    expect(BigInt(TRANSFER_FEE_BPS.free)).toBe(FEE_BASIS_POINTS.free);
    expect(BigInt(TRANSFER_FEE_BPS.premium)).toBe(FEE_BASIS_POINTS.premium);
  });
});
