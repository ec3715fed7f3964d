import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { xPosts } from '@/sandbox/db/schema/x.ts';
import { type AgentEnv, startAgentEnv } from '../../support/agent-env.ts';

let env: AgentEnv;
afterAll(() => env?.close());

/** Whether the local X lists the post yet (as X does once its write is indexed). */
const listPost = (id: string, listed: boolean) =>
  env.database.db
    .update(xPosts)
    .set({ deletedAt: listed ? null : new Date() })
    .where(eq(xPosts.id, BigInt(id)));

describe('a mention X lists only after a newer one was read', () => {
  it('is still read and answered once: each read overlaps the seconds before the cursor', async () => {
    env = await startAgentEnv();
    await env.user('alice');
    await env.user('bob');

    // Alice posts first, but X lists her post late (its write is still being indexed) ...
    const late = await env.post('alice', "@UpsiderAgent what's my address");
    await listPost(late.id, false);
    // ... so the agent reads Bob's newer post first, and its cursor moves past Alice's id.
    const newer = await env.post('bob', "@UpsiderAgent what's my address");
    expect(BigInt(late.id)).toBeLessThan(BigInt(newer.id));
    await env.drain();
    expect(await env.repliesTo(newer.id)).toHaveLength(1);
    expect(await env.repliesTo(late.id)).toHaveLength(0);

    await listPost(late.id, true);
    await env.drain();
    expect(await env.repliesTo(late.id)).toHaveLength(1);
    // Re-reading the overlap never answers a post twice.
    await env.drain();
    expect(await env.repliesTo(newer.id)).toHaveLength(1);
    expect(await env.repliesTo(late.id)).toHaveLength(1);
  });
});
