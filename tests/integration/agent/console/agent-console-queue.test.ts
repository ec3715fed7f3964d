import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { runConsoleMessage } from '@/agent/console/console-message.ts';
import { agentInbox } from '@/db/schema/index.ts';
import { type AgentEnv, startAgentEnv } from '../../../support/agent-env.ts';

let env: AgentEnv | undefined;
afterAll(() => env?.close());

describe('the console claims its message through the shared inbox queue', () => {
  it('answers at once, counts the attempt, and a resend with the same id runs nothing', {
    timeout: 180_000,
  }, async () => {
    env = await startAgentEnv();
    const carol = await env.user('carol');
    const engine = await env.agent.engine();
    const message = { messageId: randomUUID(), user: { xUserId: carol.id, username: 'carol' } };

    const first = await runConsoleMessage(engine, { ...message, text: 'balance' });
    expect(first).toMatchObject({ status: 'done', receiptId: `console-${message.messageId}` });
    expect(first.reply).toContain('Your balance');
    const again = await runConsoleMessage(engine, { ...message, text: 'balance' });
    expect(again.reply).toBe(first.reply);

    const [row] = await env.deps.db
      .select()
      .from(agentInbox)
      .where(eq(agentInbox.postId, first.receiptId));
    expect(row).toMatchObject({ status: 'done', attempts: 1, lockedBy: null });
  });
});
