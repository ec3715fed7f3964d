import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueReply } from '@/agent/outbox/outbox-queue.ts';
import { formatReply } from '@/agent/replies/format-reply.ts';
import type { Db } from '@/db/client.ts';
import { agentOutbox } from '@/db/schema/index.ts';
import { MAX_WEIGHTED_LENGTH, weightedLength } from '@/shared/x-text.ts';
import { createTestDatabase } from '../../../support/test-db.ts';

// twitter-text reads no link in `http://localhost:3000/...` (no TLD): every character counts,
// not 23, and the help reply beside "X is not available yet" passes 280.
const ctx = {
  publicUrl: 'http://localhost:3000',
  explorerTxUrl: 'http://localhost:3000/sandbox/constellation/explorer/transactions/',
  receiptId: '1890000000000000001',
  now: new Date('2026-05-10T12:00:00Z'),
};

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Db;
beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
});
afterAll(() => database.close());

describe('every reply the agent queues fits X’s 280 weighted characters', () => {
  it('the help reply on a localhost PUBLIC_URL is cut before its receipt link, which stays whole', async () => {
    const text = formatReply({ kind: 'help', feature: 'Video promotion' }, ctx) ?? '';
    expect(weightedLength(text)).toBeGreaterThan(MAX_WEIGHTED_LENGTH);
    await enqueueReply(db, { key: 'reply:help', postId: '1', inReplyToId: '1', text });
    const [row] = await db.select().from(agentOutbox);
    expect(weightedLength(row?.text ?? '')).toBeLessThanOrEqual(MAX_WEIGHTED_LENGTH);
    expect(row?.text).toMatch(/… Receipt: http:\/\/localhost:3000\/receipts\/1890000000000000001$/);
    expect(row?.text.startsWith('Video promotion is not available yet. Try "balance"')).toBe(true);
  });

  it('a reply that fits is queued as written', async () => {
    const text = formatReply({ kind: 'help' }, ctx) ?? '';
    expect(weightedLength(text)).toBeLessThanOrEqual(MAX_WEIGHTED_LENGTH);
    await enqueueReply(db, { key: 'reply:short', postId: '2', inReplyToId: '2', text });
    const rows = await db.select().from(agentOutbox);
    expect(rows.find((r) => r.postId === '2')?.text).toBe(text);
  });
});
