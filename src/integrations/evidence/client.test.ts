import { describe, expect, it } from 'vitest';
import { createEvidenceClient } from './client.ts';
import { EvidenceApiError, EvidenceResponseError } from './errors.ts';

const answer = (status: number, body: unknown) => async () =>
  new Response(typeof body === 'string' ? body : JSON.stringify(body), { status });

describe('Digital Evidence client errors', () => {
  it('a 503 and a network failure are retryable; a 400 carries the API messages', async () => {
    const down = createEvidenceClient({
      baseUrl: 'http://de',
      apiKey: 'k',
      fetch: answer(503, ''),
    });
    const e1 = await down.stats().catch((e) => e);
    expect(e1).toBeInstanceOf(EvidenceApiError);
    expect(e1.retryable).toBe(true);

    const offline = createEvidenceClient({
      baseUrl: 'http://de',
      apiKey: 'k',
      fetch: async () => {
        throw new TypeError('fetch failed');
      },
    });
    expect((await offline.stats().catch((e) => e)).status).toBe(0);

    const bad = createEvidenceClient({
      baseUrl: 'http://de',
      apiKey: 'k',
      fetch: answer(400, { errors: [{ message: 'bad documentRef' }] }),
    });
    const e3 = await bad.submit([]).catch((e) => e);
    expect(e3.retryable).toBe(false);
    expect(e3.messages).toEqual(['bad documentRef']);
  });

  it('sends X-Api-Key only where needed and refuses an unexpected body shape', async () => {
    const seen: Headers[] = [];
    const c = createEvidenceClient({
      baseUrl: 'http://de/',
      apiKey: 'secret',
      fetch: async (_url, init) => {
        seen.push(new Headers(init?.headers));
        return new Response(JSON.stringify({ data: { totalFingerprints: 'many' } }));
      },
    });
    await expect(c.stats()).rejects.toBeInstanceOf(EvidenceResponseError);
    expect(seen[0]!.get('x-api-key')).toBeNull();
    await c.submit([]).catch(() => null);
    expect(seen[1]!.get('x-api-key')).toBe('secret');
    expect(c.fingerprintUrl('ab')).toBe('http://de/v1/fingerprints/ab');
  });

  it("reads the MCP server's batch statuses in a list as our states, and refuses others", async () => {
    const summary = (id: string, status: string) => ({
      id,
      hash: 'ab'.repeat(32),
      timestamp: '2026-01-01T00:00:00Z',
      orgId: 'o',
      tenantId: 't',
      status,
      createdAt: '2026-01-01T00:00:00Z',
    });
    const list = (statuses: string[]) =>
      createEvidenceClient({
        baseUrl: 'http://de',
        apiKey: 'k',
        fetch: answer(200, { data: statuses.map((s, i) => summary(`e${i}`, s)) }),
      }).latest();
    const read = await list([
      'NEW',
      'PENDING_COMMITMENT',
      'FINALIZED_COMMITMENT',
      'ERRORED_COMMITMENT',
    ]);
    expect(read.map((f) => f.status)).toEqual([
      'UNASSIGNED',
      'ASSIGNED',
      'FINALIZED_COMMITMENT',
      'ERRORED_COMMITMENT',
    ]);
    await expect(list(['SHIPPED'])).rejects.toBeInstanceOf(EvidenceResponseError);
  });
});
