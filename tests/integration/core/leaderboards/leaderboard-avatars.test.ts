import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { htmlSecurityHeaders } from '@/api/http/security-headers.ts';
import { avatarUrl } from '@/shared/x-links.ts';
import { type AgentEnv, startAgentEnv } from '../../../support/agent-env.ts';
import { createUser, recordActivities } from '../../../support/factories.ts';

/**
 * In sandbox mode leaderboard avatars come from the local X. The page builds them
 * from the public config's avatar template (one code path); in the sandbox that template points
 * at the local X, which serves an image for the user, and the page's CSP lets it load.
 */
let t: AgentEnv;

beforeAll(async () => {
  t = await startAgentEnv();
  const alice = await t.user('alice');
  await createUser(t.deps, { xUserId: alice.id, username: 'alice' });
  await recordActivities(t.deps, { userId: alice.id, at: [new Date()] });
});
afterAll(() => t?.close());

describe('leaderboard avatars in sandbox mode', () => {
  it("each entry's avatar is the local X's image of that user, allowed by the page's CSP", async () => {
    const board = await t.call('GET', '/api/leaderboard/mentions/monthly');
    expect(board.status).toBe(200);
    const [entry] = board.body.entries;
    expect(entry.username).toBe('alice');

    const url = avatarUrl(t.config.publicConfig, entry.username);
    expect(url).toBe(`${t.config.publicUrl}/sandbox/x/avatars/alice.svg`);
    expect(url).not.toContain('unavatar.io');
    const image = await t.app.request(url);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/svg+xml');
    expect(await image.text()).toContain('<svg');

    // The pages' CSP (img-src 'self') admits it: the local X is on the page's own origin.
    const csp = htmlSecurityHeaders({ connectSrc: [] })['Content-Security-Policy'];
    expect(csp).toMatch(/img-src 'self'/);
    expect(new URL(url).origin).toBe(new URL(t.config.publicUrl).origin);
  });
});
