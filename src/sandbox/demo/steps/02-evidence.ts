import type { DemoStep } from '../step.ts';

/**
 * Digital evidence: people ask the agent to fingerprint posts (paid from their wallets), one
 * post is deleted by its author afterwards (its archive page shows the archived copy), and the
 * local Digital Evidence API batches the fingerprints so every proof verifies.
 */
export const evidenceStep: DemoStep = {
  name: 'evidence',
  async run({ x, agent, call }) {
    const requests: { author: string; text: string; asker: string; ask: string }[] = [
      {
        author: 'carol',
        text: 'Constellation anchors this post, so anyone can check later that it said exactly this.',
        asker: 'alice',
        ask: 'fingerprint this',
      },
      {
        author: 'bob',
        text: 'Bridge maintenance window: Friday 18:00-20:00 UTC. Transfers queue and settle after.',
        asker: 'dana',
        ask: 'save this',
      },
      {
        author: 'erik',
        text: 'Hot take: $UP doubles by Friday. (I may delete this later.)',
        asker: 'alice',
        ask: 'create proof',
      },
    ];
    const targets: string[] = [];
    for (const r of requests) {
      const target = await x.post(r.author, r.text);
      const ask = await x.post(r.asker, `@${agent} ${r.ask}`, { inReplyToId: target.id });
      await x.waitForReply(ask.id);
      targets.push(target.id);
    }
    // The author of the hot take thinks better of it; the evidence stays.
    await x.deletePost(targets[2]!);
    const batch = await call('/sandbox/evidence/_admin/batch', { method: 'POST' });
    if (!batch.ok) throw new Error(`demo: evidence batch ${batch.status}`);
  },
};
