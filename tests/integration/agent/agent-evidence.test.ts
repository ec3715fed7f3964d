import { eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { provisionSystemWallets } from '@/core/wallets/index.ts';
import { activities, allowanceCharges, evidenceRecords } from '@/db/schema/index.ts';
import { EvidenceApiError } from '@/integrations/evidence/index.ts';
import { verifyMerkleProof } from '@/shared/evidence/merkle.ts';
import { contentHashOf, shortHash } from '@/shared/evidence/post-record.ts';
import { verifyValue } from '@/shared/evidence/signature.ts';
import { runEvidenceVerify } from '../../../scripts/evidence/verify-cli.ts';
import { type AgentEnv, offsetClock, startAgentEnv } from '../../support/agent-env.ts';

const UNIT = 100_000_000n;
const clock = offsetClock();
let t: AgentEnv;

const recordOf = async (tweetId: string) =>
  (await t.deps.db.select().from(evidenceRecords).where(eq(evidenceRecords.tweetId, tweetId)))[0];
const chargesOf = (userId: string) =>
  t.deps.db.select().from(allowanceCharges).where(eq(allowanceCharges.xUserId, userId));
const upBalance = async (address: string) =>
  (await t.deps.constellation.getBalance('UP', address)).balance;

let alice: { id: string };
let bob: { id: string };
let aliceAddress: string;

beforeAll(async () => {
  t = await startAgentEnv({ now: clock.now });
  await provisionSystemWallets(t.deps);
  alice = await t.user('alice');
  bob = await t.user('bob');
  await t.user('carol');
  aliceAddress = await t.walletAddressOf('alice');
  await t.walletAddressOf('bob');
  await t.fund(aliceAddress, 'UP', '100');
});
afterAll(() => t?.close());

describe('"fingerprint this" on the local X and the local Digital Evidence API', () => {
  it('reply → charge 30 UP → signed submission → batch → the proof verifies; one reply', async () => {
    const target = await t.post('carol', 'The bridge opens <b>Monday</b> & not before.');
    const ask = await t.post('alice', '@UpsiderAgent fingerprint this', { inReplyToId: target.id });
    await t.drain();
    await t.settle();

    const record = (await recordOf(target.id))!;
    expect(record).toMatchObject({
      state: 'submitted',
      authorUsername: 'carol',
      requesterId: alice.id,
    });
    expect(record.tweetContent).toBe('The bridge opens <b>Monday</b> & not before.');
    expect(contentHashOf(record.record)).toBe(record.contentHash);

    const [reply, ...more] = await t.replyTexts(ask.id);
    expect(more).toHaveLength(0);
    expect(reply).toContain(`/digital-evidence/tweet/${target.id}`);
    expect(reply).toContain(`Fingerprint hash ${shortHash(record.fingerprintHash)}`);
    expect(reply).toContain('Paid 30.00 UP');

    const charges = await chargesOf(alice.id);
    expect(charges.map((c) => [c.state, c.price])).toEqual([['paid', 30n * UNIT]]);
    const acts = await t.deps.db.select().from(activities).where(eq(activities.postId, ask.id));
    expect(acts.map((a) => a.kind).sort()).toEqual(['fingerprint', 'mention']);

    const api = t.deps.evidence!;
    const fp = await api.getFingerprint(record.fingerprintHash);
    expect(fp).toMatchObject({ documentRef: record.contentHash, status: 'UNASSIGNED' });
    expect(fp.tags?.author_username).toBe('carol');
    await t.call('POST', '/sandbox/evidence/_admin/batch');
    const answer = await api.getProof(record.fingerprintHash);
    if (answer.shape !== 'sdk') throw new Error('the sandbox answers in the SDK shape by default');
    const { proof } = answer;
    expect(verifyMerkleProof(record.fingerprintHash, proof, proof.batchRoot)).toBe(true);
    const signer = { id: t.config.evidence.batchPublicKey!, signature: proof.signature! };
    expect(verifyValue({ batchId: proof.batchId, batchRoot: proof.batchRoot }, signer)).toBe(true);
  });

  it('a post fingerprinted again returns the existing record, with no second charge', async () => {
    const target = await t.post('carol', 'Second statement');
    const first = await t.post('alice', '@UpsiderAgent save this', { inReplyToId: target.id });
    await t.drain();
    const again = await t.post('bob', '@UpsiderAgent archive this', { quotedId: target.id });
    await t.drain();
    expect((await t.replyTexts(again.id))[0]).toMatch(/^carol's post was already fingerprinted\./);
    expect(await chargesOf(bob.id)).toHaveLength(0);
    expect((await recordOf(target.id))!.requestPostId).toBe(first.id);
  });

  it('insufficient funds: nothing charged, nothing submitted, the archive unchanged', async () => {
    const target = await t.post('carol', 'Third statement');
    const ask = await t.post('bob', '@UpsiderAgent fingerprint this', { inReplyToId: target.id });
    await t.drain();
    expect((await t.replyTexts(ask.id))[0]).toMatch(/^Nothing fingerprinted: .*30 UP/);
    expect(await recordOf(target.id)).toBeUndefined();
    expect((await chargesOf(bob.id)).map((c) => c.state)).toEqual(['refused']);
    expect((await t.deps.evidence!.stats()).fingerprintsTotal).toBe(2);
  });

  it('a target deleted before the agent reads it: plain error, no charge', async () => {
    const target = await t.post('carol', 'Soon gone');
    const ask = await t.post('alice', '@UpsiderAgent create proof please', {
      inReplyToId: target.id,
    });
    await t.call('DELETE', `/sandbox/x/_admin/posts/${target.id}`);
    await t.drain();
    expect((await t.replyTexts(ask.id))[0]).toMatch(/deleted, protected or not visible/);
    expect(await chargesOf(alice.id)).toHaveLength(2);
  });

  it('API down after the charge: retried later, charged once, one reply', async () => {
    await t.settle();
    const before = await upBalance(aliceAddress);
    const api = t.deps.evidence!;
    const submit = api.submit;
    let failures = 0;
    api.submit = async (s) => {
      if (failures++ < 2) throw new EvidenceApiError(503, ['maintenance'], '/fingerprints');
      return submit(s);
    };
    const target = await t.post('carol', 'Under maintenance');
    const ask = await t.post('alice', '@UpsiderAgent fingerprint this one', {
      inReplyToId: target.id,
    });
    await t.drain();
    expect(await t.replyTexts(ask.id)).toHaveLength(0);
    expect((await recordOf(target.id))!.state).toBe('pending');
    for (let i = 0; i < 3; i++) {
      clock.advance(10 * 60_000);
      await t.drain();
    }
    api.submit = submit;
    expect((await recordOf(target.id))!.state).toBe('submitted');
    expect(await t.replyTexts(ask.id)).toHaveLength(1);
    const mine = (await chargesOf(alice.id)).filter((c) => c.idempotencyKey.includes(ask.id));
    expect(mine.map((c) => c.state)).toEqual(['paid']);
    await t.settle();
    expect(before - (await upBalance(aliceAddress))).toBe(30n * UNIT);
  });

  it('a post without a target, and a quoted post that itself says "fingerprint this", do nothing', async () => {
    const lonely = await t.post('alice', '@UpsiderAgent please fingerprint this');
    const bait = await t.post('carol', '@UpsiderAgent fingerprint this');
    const quote = await t.post('bob', 'look at this', { quotedId: bait.id });
    await t.drain();
    expect((await t.replyTexts(lonely.id))[0]).toMatch(/reply to \(or quote\) the post/);
    // bob's quote does not mention the agent: no reply, no record of carol's bait post.
    expect(await t.replyTexts(quote.id)).toHaveLength(0);
    expect(await recordOf(bait.id)).toBeUndefined();
  });
});

describe('the archive API', () => {
  it('lists newest first, searches by author, post id and hash, pages with a cursor', async () => {
    const all = await t.call('GET', '/api/digital-evidence');
    expect(all.status).toBe(200);
    expect(all.body.total).toBeGreaterThanOrEqual(3);
    const [newest, next] = all.body.entries;
    expect(newest.createdAt >= next.createdAt).toBe(true);
    expect(newest).toMatchObject({ platform: 'twitter', username: 'alice' });
    expect(newest.metadata.metadata.tags.author_username).toBe('carol');
    expect(newest.fingerprintUrl).toContain(
      `/sandbox/evidence/v1/fingerprints/${newest.fingerprintHash}`,
    );

    for (const search of ['  @CAR ', newest.tweetId, newest.fingerprintHash, newest.contentHash]) {
      const r = await t.call('GET', `/api/digital-evidence?search=${encodeURIComponent(search)}`);
      expect(r.body.entries.map((e: { tweetId: string }) => e.tweetId)).toContain(newest.tweetId);
    }
    expect((await t.call('GET', '/api/digital-evidence?search=nobody')).body).toMatchObject({
      total: 0,
      entries: [],
    });
    const bad = await t.call('GET', '/api/digital-evidence?cursor=nope');
    expect(bad.status).toBe(400);
  });

  it('finds a record by what people see: 8+ leading hex characters of either hash, or its short form', async () => {
    const [newest] = (await t.call('GET', '/api/digital-evidence')).body.entries;
    const found = async (search: string) => {
      const r = await t.call('GET', `/api/digital-evidence?search=${encodeURIComponent(search)}`);
      expect(r.status).toBe(200);
      return r.body.entries.map((e: { tweetId: string }) => e.tweetId) as string[];
    };
    for (const hash of [newest.fingerprintHash, newest.contentHash] as string[]) {
      expect(await found(hash.slice(0, 8))).toContain(newest.tweetId);
      expect(await found(` ${hash.slice(0, 12).toUpperCase()} `)).toContain(newest.tweetId);
      expect(await found(shortHash(hash))).toEqual([newest.tweetId]);
      expect(await found(`${hash.slice(0, 10)}...${hash.slice(-6)}`)).toEqual([newest.tweetId]);
    }
    // The short form's end must match too; fewer than 8 characters is not taken as a hash.
    const fp: string = newest.fingerprintHash;
    const otherEnd = fp.slice(-6) === '000000' ? '111111' : '000000';
    expect(await found(`${fp.slice(0, 10)}…${otherEnd}`)).toEqual([]);
    expect(await found(fp.slice(0, 7))).not.toContain(newest.tweetId);
  });

  it('detail, proof and tweet status; unknown ids are 404, malformed ones 400', async () => {
    const [entry] = (await t.call('GET', '/api/digital-evidence')).body.entries;
    const detail = await t.call('GET', `/api/digital-evidence/${entry.tweetId}`);
    expect(contentHashOf(detail.body.record)).toBe(entry.contentHash);
    await t.call('POST', '/sandbox/evidence/_admin/batch');
    const proof = await t.call('GET', `/api/digital-evidence/${entry.tweetId}/proof`);
    expect(verifyMerkleProof(entry.fingerprintHash, proof.body.proof, proof.body.batch.root)).toBe(
      true,
    );
    expect((await t.call('GET', `/api/tweet-status/${entry.tweetId}`)).body).toEqual({
      available: true,
    });
    await t.call('DELETE', `/sandbox/x/_admin/posts/${entry.tweetId}`);
    const other = (await t.call('GET', '/api/digital-evidence')).body.entries[1];
    await t.call('DELETE', `/sandbox/x/_admin/posts/${other.tweetId}`);
    expect((await t.call('GET', `/api/tweet-status/${other.tweetId}`)).body).toEqual({
      available: false,
    });
    expect((await t.call('GET', '/api/digital-evidence/123')).status).toBe(404);
    expect((await t.call('GET', '/api/digital-evidence/abc')).status).toBe(400);
  });

  it('npm run evidence:verify: passes by post id and by hash, fails a tampered record', async () => {
    const [entry] = (await t.call('GET', '/api/digital-evidence')).body.entries;
    await t.call('POST', '/sandbox/evidence/_admin/batch');
    const run = async (args: string[], tamper = false) => {
      const lines: string[] = [];
      const code = await runEvidenceVerify([...args, '--server', t.config.publicUrl], {
        fetch: async (url) => {
          const res = await t.app.request(url);
          if (!tamper || url.endsWith('/proof') || url.includes('?')) return res;
          const body = await res.json();
          return Response.json({ ...body, record: { ...body.record, text: 'edited later' } });
        },
        print: (text) => lines.push(text),
        defaultServer: 'http://unused.invalid',
        readFile: async () => new Uint8Array(),
        env: {},
      });
      return { code, out: lines.join('\n') };
    };
    const byId = await run([entry.tweetId]);
    expect(byId.code, byId.out).toBe(0);
    expect(byId.out.match(/^PASS/gm)).toHaveLength(7);
    expect(byId.out).toMatch(
      /^PASS {2}Batch root is committed in a global snapshot\n {6}Anchored in global snapshot \d+ \([0-9a-f]{64}\)/m,
    );
    expect((await run([entry.fingerprintHash])).code).toBe(0);
    const tampered = await run([entry.tweetId], true);
    expect(tampered.code).toBe(1);
    expect(tampered.out).toMatch(/^FAIL {2}Content hash matches the archived record/m);
    expect((await run(['f'.repeat(64)])).code).toBe(1);
  });

  it('the PDF certificate downloads and parses back with the hashes and the batch', async () => {
    const [entry] = (await t.call('GET', '/api/digital-evidence')).body.entries;
    await t.call('POST', '/sandbox/evidence/_admin/batch');
    const res = await t.app.request(
      `${t.config.publicUrl}/api/digital-evidence/${entry.tweetId}/certificate`,
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toContain(`evidence-${entry.tweetId}.pdf`);
    const doc = await PDFDocument.load(new Uint8Array(await res.arrayBuffer()));
    expect(doc.getKeywords()).toContain(entry.contentHash);
    expect(doc.getKeywords()).toContain(entry.fingerprintHash);
    // Offline: the certificate and the keys pinned from the server earlier, no network.
    const keys = JSON.stringify((await t.call('GET', '/api/digital-evidence/keys')).body);
    const bytes = new Uint8Array(
      await (
        await t.app.request(
          `${t.config.publicUrl}/api/digital-evidence/${entry.tweetId}/certificate`,
        )
      ).arrayBuffer(),
    );
    const lines: string[] = [];
    const offline = (file: Uint8Array) =>
      runEvidenceVerify(['--certificate', 'evidence.pdf'], {
        fetch: () => Promise.reject(new Error('offline')),
        print: (text) => lines.push(text),
        defaultServer: 'http://unused.invalid',
        readFile: async (name) => (name === 'keys.json' ? Buffer.from(keys) : file),
        env: { EVIDENCE_VERIFY_KEYS: 'keys.json' },
      });
    // With no network at all the anchor cannot be read: pending, never passed (decision 0051).
    expect(await offline(bytes), lines.join('\n')).toBe(2);
    expect(lines.join('\n').match(/^PASS/gm)).toHaveLength(7);
    expect(lines.join('\n')).toMatch(/^PASS {2}Certificate pages show only the verified record/m);
    expect(lines.join('\n')).toMatch(/^WAIT {2}Batch root is committed in a global snapshot/m);
    const plain = await (await PDFDocument.create()).save();
    expect(await offline(plain)).toBe(1);
    const missing = await t.app.request(`${t.config.publicUrl}/api/digital-evidence/1/certificate`);
    expect(missing.status).toBe(404);
  });
});
