import { describe, expect, it } from 'vitest';
import { premiumIntro } from './premium-intro';

describe('premiumIntro', () => {
  it("says nothing of 'Coming soon' when every service is offered", () => {
    const text = premiumIntro({ digital_evidence: true, token_analysis: true, video: true });
    expect(text).toContain('daily free allowances');
    expect(text).not.toMatch(/coming soon/i);
  });

  it("explains the 'Coming soon' mark while a service carries it", () => {
    expect(premiumIntro({ digital_evidence: true, token_analysis: true, video: false })).toContain(
      "Services marked 'Coming soon' are not offered yet.",
    );
  });

  it('reads the live availability by default (all built today)', () => {
    expect(premiumIntro()).not.toMatch(/coming soon/i);
  });
});
