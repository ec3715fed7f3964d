import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { EvidenceEntryCard } from './evidence-entry-card';

const entry = {
  uuid: '00000000-0000-4000-8000-000000000001',
  tweetId: '1800000000000000001',
  tweetContent: 'The bridge opens Monday.',
  tweetType: 'original',
  platform: 'twitter',
  username: 'alice',
  createdAt: '2026-11-21T09:30:00.000Z',
  fingerprintHash: `9cfc16e6aa${'2'.repeat(48)}77b0c1`,
  fingerprintUrl: 'https://evidence.example/v1/fingerprints/9cfc',
  contentHash: `e2a53ffac0${'1'.repeat(48)}48a0ea`,
  metadata: { eventId: 'e1', metadata: { hash: 'x', tags: { author_username: 'carol' } } },
};

describe('an archive card', () => {
  it('names its hash as the agent’s reply does: "Fingerprint hash" and the same short form', () => {
    const html = renderToString(
      <Router ssrPath="/digital-evidence">
        <EvidenceEntryCard entry={entry as never} />
      </Router>,
    ).replace(/<!-- -->/g, '');
    expect(html).toContain('Fingerprint hash 9cfc16e6aa…77b0c1');
  });
});
