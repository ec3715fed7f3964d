import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { provisionSystemWallets } from '@/core/wallets/index.ts';
import { evidenceRecords } from '@/db/schema/index.ts';
import { evidenceDetailSchema } from '@/shared/evidence/contract.ts';
import { runEvidenceVerify } from '../../../scripts/evidence/verify-cli.ts';
import { verifyArchivedEvidence } from '../../../src/web/features/digital-evidence/api/verify-archived-evidence.ts';
import { type AgentEnv, startAgentEnv } from '../../support/agent-env.ts';

/*
 * The genuine paths with the local Digital Evidence service answering in the vendor's MCP shape
 * (SANDBOX_EVIDENCE_SHAPE=mcp, decision 0051): the agent fingerprints a post, the batch commits
 * into a local snapshot, and the CLI (online, and on the certificate with and without a network)
 * and the verify panel's checks all pass and name the anchoring snapshot.
 */
let t: AgentEnv;
let tweetId: string;
/** The detail's anchor while the batch was assigned but not yet committed. */
let anchorBeforeCommit: unknown;
const ANCHOR_LINE =
  /^PASS {2}Batch root is committed in a global snapshot\n {6}Anchored in global snapshot (\d+) \(([0-9a-f]{64})\)/m;

const cli = async (args: string[], opts: { offline?: boolean; file?: Uint8Array } = {}) => {
  const keys = JSON.stringify((await t.call('GET', '/api/digital-evidence/keys')).body);
  const lines: string[] = [];
  const code = await runEvidenceVerify([...args, '--server', t.config.publicUrl], {
    fetch: async (url) => {
      if (opts.offline) throw new Error('offline');
      return t.app.request(url);
    },
    print: (text) => lines.push(text),
    defaultServer: 'http://unused.invalid',
    readFile: async (name) => (name === 'keys.json' ? Buffer.from(keys) : opts.file!),
    env: { EVIDENCE_VERIFY_KEYS: 'keys.json' },
  });
  return { code, out: lines.join('\n') };
};

beforeAll(async () => {
  t = await startAgentEnv({ env: { SANDBOX_EVIDENCE_SHAPE: 'mcp' } });
  await provisionSystemWallets(t.deps);
  await t.user('alice');
  await t.user('carol');
  await t.fund(await t.walletAddressOf('alice'), 'UP', '100');
  const target = await t.post('carol', 'Said in the MCP shape.');
  await t.post('alice', '@UpsiderAgent fingerprint this', { inReplyToId: target.id });
  await t.drain();
  await t.settle();
  // One round assigns the fingerprint to a batch, the next commits it (sandbox/evidence/batching.ts).
  await t.call('POST', '/sandbox/evidence/_admin/batch');
  anchorBeforeCommit = (await t.call('GET', `/api/digital-evidence/${target.id}`)).body.anchor;
  await t.call('POST', '/sandbox/evidence/_admin/batch');
  tweetId = target.id;
});
afterAll(() => t?.close());

describe('Digital Evidence in the MCP shape, end to end', () => {
  it('the service answers in the MCP shape and the agent archived the post', async () => {
    const [row] = await t.deps.db
      .select()
      .from(evidenceRecords)
      .where(eq(evidenceRecords.tweetId, tweetId));
    expect(row?.state).toBe('submitted');
    const answer = await t.deps.evidence!.getProof(row!.fingerprintHash);
    expect(answer.shape).toBe('mcp');
    expect(await t.deps.evidence!.stats()).toMatchObject({ fingerprintsTotal: 1 });
    // Lists answer the MCP `FingerprintSummary` (its `id` is the event), read by the client too.
    const raw = await t.call('GET', '/sandbox/evidence/v1/fingerprints/latest?limit=5');
    expect(Object.keys(raw.body.data[0]).sort()).toEqual(
      ['createdAt', 'hash', 'id', 'orgId', 'status', 'tenantId', 'timestamp'].sort(),
    );
    expect(await t.deps.evidence!.latest({ limit: 5 })).toEqual([
      expect.objectContaining({ hash: row!.fingerprintHash, eventId: row!.eventId }),
    ]);
  });

  it('the CLI online names the anchoring snapshot', async () => {
    const r = await cli([tweetId]);
    expect(r.code, r.out).toBe(0);
    expect(r.out).toMatch(ANCHOR_LINE);
    expect(r.out).not.toMatch(/^(FAIL|WAIT)/m);
  });

  it('the CLI on the certificate: verified with the network, pending without it', async () => {
    const res = await t.app.request(
      `${t.config.publicUrl}/api/digital-evidence/${tweetId}/certificate`,
    );
    const file = new Uint8Array(await res.arrayBuffer());
    const online = await cli(['--certificate', 'evidence.pdf'], { file });
    expect(online.code, online.out).toBe(0);
    expect(online.out).toMatch(ANCHOR_LINE);
    const offline = await cli(['--certificate', 'evidence.pdf'], { file, offline: true });
    expect(offline.code, offline.out).toBe(2);
    expect(offline.out).not.toMatch(/^FAIL/m);
    expect(offline.out).toMatch(/^WAIT {2}Batch root is committed in a global snapshot/m);
  });

  it("the verify panel's checks pass and name the snapshot the detail page shows", async () => {
    const detail = evidenceDetailSchema.parse(
      (await t.call('GET', `/api/digital-evidence/${tweetId}`)).body,
    );
    const site = { origin: t.config.publicUrl, fetch: async (url: string) => t.app.request(url) };
    const steps = await verifyArchivedEvidence(detail, site);
    expect(steps.filter((s) => s.ok !== true).map((s) => s.label)).toEqual([]);
    const anchor = steps.find((s) => s.label === 'Batch root is committed in a global snapshot');
    // The detail page's own field names the same snapshot, once the batch is committed.
    expect(anchorBeforeCommit).toBeNull();
    expect(detail.anchor).toMatchObject({ ordinal: expect.any(Number) });
    // …and says how it knows: the hash as the local L0 states it, its validator's signature.
    expect(anchor?.detail).toBe(
      `Anchored in global snapshot ${detail.anchor!.ordinal} (${detail.anchor!.hash}): ` +
        'hash as the network states it; signed by 1 of its 1 signers known as L0 peers',
    );
  });
});
