import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { UnsignedTags, VerifiedRecord } from './verified-record';

const record = {
  version: 1,
  platform: 'x',
  tweetId: '1800000000000000001',
  author: { id: '42', username: 'carol' },
  createdAt: '2026-11-20T10:00:00.000Z',
  text: 'The bridge opens Monday.',
  media: [],
  entities: { mentions: [], hashtags: [], urls: [] },
};
// A tag edited after signing: nothing covers metadata.tags.
const submission = { metadata: { tags: { tweet_id: record.tweetId, author_username: 'mallory' } } };
const evidence = {
  tweetId: record.tweetId,
  record,
  contentHash: 'a'.repeat(64),
  fingerprintHash: 'b'.repeat(64),
  submission,
};
const html = (node: React.ReactNode) => renderToString(node).replace(/<!-- -->/g, '');

describe('what the verify panel and the detail page say was verified', () => {
  it('the record names the author, time, text and hash from the record, not from a tag', () => {
    const out = html(<VerifiedRecord evidence={evidence} />);
    for (const part of ['@carol (X id 42)', record.createdAt, record.text, 'a'.repeat(64)])
      expect(out).toContain(part);
    expect(out).not.toContain('mallory');
  });

  it('an edited tag appears only under "unverified"', () => {
    const out = html(<UnsignedTags submission={submission} />);
    expect(out).toContain('Tags — unverified: no signature covers them');
    expect(out).toContain('mallory');
    expect(html(<UnsignedTags submission={{}} />)).toBe('');
  });
});
