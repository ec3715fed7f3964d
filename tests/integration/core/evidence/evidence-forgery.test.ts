import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { certificateBatch } from '@/core/evidence/certificate-batch.ts';
import { renderEvidenceCertificate } from '@/core/evidence/certificate-pdf.ts';
import { readCertificateEvidence } from '@/core/evidence/read-certificate.ts';
import { provisionSystemWallets } from '@/core/wallets/index.ts';
import { evidenceRecords } from '@/db/schema/index.ts';
import { buildSubmission } from '@/integrations/evidence/index.ts';
import { evidenceDetailSchema } from '@/shared/evidence/contract.ts';
import { merkleProof, merkleRoot } from '@/shared/evidence/merkle.ts';
import { contentHashOf, type PostRecord } from '@/shared/evidence/post-record.ts';
import { publicKeyId, signValue } from '@/shared/evidence/signature.ts';
import { runEvidenceVerify } from '../../../../scripts/evidence/verify-cli.ts';
import { verifyArchivedEvidence } from '../../../../src/web/features/digital-evidence/api/verify-archived-evidence.ts';
import { type AgentEnv, startAgentEnv } from '../../../support/agent-env.ts';
import { nodeArgs } from '../../../support/node-entry.ts';
import { appendTextUpdate, repaintFirstPage } from '../../../support/pdf-tampering.ts';

/*
 * Forged and tampered digital evidence, checked the ways a person checks it: the CLI
 * (`npm run evidence:verify`, through its main and its real entry) on a certificate and online,
 * and the verify panel's function on what the API serves.
 */
let t: AgentEnv;
let dir: string;
let target: { id: string };
type CertificateEvidence = Record<string, unknown> & { record: PostRecord; tweetId: string };
let genuine: CertificateEvidence;

const run = async (args: string[], env: Record<string, string> = {}, offline = false) => {
  const lines: string[] = [];
  const code = await runEvidenceVerify(args, {
    fetch: async (url) => {
      if (offline) throw new Error('offline');
      return t.app.request(url);
    },
    print: (text) => lines.push(text),
    defaultServer: t.config.publicUrl,
    readFile: (file) => fs.readFile(path.resolve(dir, file)),
    env,
  });
  return { code, out: lines.join('\n') };
};

/** A certificate as an attacker makes one: our own renderer, evidence of their choosing. */
async function certificateFile(name: string, evidence: CertificateEvidence) {
  const bytes = await renderEvidenceCertificate({
    productName: 'Upsider',
    tweetId: evidence.tweetId,
    authorUsername: evidence.record.author.username,
    text: evidence.record.text,
    postedAt: evidence.record.createdAt,
    fingerprintedAt: new Date(
      (evidence.submission as { attestation: { content: { timestamp: string } } }).attestation
        .content.timestamp,
    ),
    contentHash: String(evidence.contentHash),
    fingerprintHash: String(evidence.fingerprintHash),
    batch: certificateBatch(evidence.proof as never, evidence.batch as never),
    // Laid out as the server lays it out (evidence-certificate.ts), so only the evidence differs.
    verifyUrl: `https://upsider.example/digital-evidence/tweet/${evidence.tweetId}`,
    verifyCommand: `npm run evidence:verify -- ${evidence.tweetId} --server https://upsider.example`,
    keysUrl: 'https://upsider.example/api/digital-evidence/keys',
    evidence: evidence as never,
  });
  await fs.writeFile(path.join(dir, name), bytes);
  return name;
}

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'evidence-forgery-'));
  t = await startAgentEnv();
  await provisionSystemWallets(t.deps);
  await t.user('alice');
  await t.user('carol');
  await t.fund(await t.walletAddressOf('alice'), 'UP', '100');
  target = await t.post('carol', 'The bridge opens Monday.');
  await t.post('alice', '@UpsiderAgent fingerprint this', { inReplyToId: target.id });
  await t.drain();
  // Two rounds: batched, then finalized and committed into a global snapshot (decision 0051).
  await t.call('POST', '/sandbox/evidence/_admin/batch');
  await t.call('POST', '/sandbox/evidence/_admin/batch');
  const pdf = await t.app.request(
    `${t.config.publicUrl}/api/digital-evidence/${target.id}/certificate`,
  );
  const bytes = new Uint8Array(await pdf.arrayBuffer());
  await fs.writeFile(path.join(dir, 'genuine.pdf'), bytes);
  genuine = (await readCertificateEvidence(bytes)) as CertificateEvidence;
  const keys = await t.call('GET', '/api/digital-evidence/keys');
  await fs.writeFile(path.join(dir, 'keys.json'), JSON.stringify(keys.body));
});
afterAll(async () => {
  await t?.close();
  if (dir) await fs.rm(dir, { recursive: true, force: true });
});

describe('npm run evidence:verify on certificates', () => {
  it('the genuine certificate passes offline with pinned keys, and with the server’s keys', async () => {
    const pinned = await run(['--certificate', 'genuine.pdf', '--keys', 'keys.json']);
    expect(pinned.code, pinned.out).toBe(0);
    expect(pinned.out).toContain('Trusted keys, pinned in keys.json:');
    expect(pinned.out).not.toMatch(/^(FAIL|WAIT)/m);
    expect(pinned.out.match(/^PASS/gm)).toHaveLength(8);
    expect(pinned.out).toMatch(/Anchored in global snapshot \d+ \([0-9a-f]{64}\)/);
    // With no network at all, the anchor cannot be read: pending, never passed (0051).
    const cut = await run(['--certificate', 'genuine.pdf', '--keys', 'keys.json'], {}, true);
    expect(cut.code, cut.out).toBe(2);
    expect(cut.out).toMatch(/^WAIT {2}Batch root is committed in a global snapshot/m);

    const fromEnv = await run(['--certificate', 'genuine.pdf'], {
      EVIDENCE_VERIFY_KEYS: 'keys.json',
    });
    expect(fromEnv.code, fromEnv.out).toBe(0);
    const published = await run(['--certificate', 'genuine.pdf']);
    expect(published.code, published.out).toBe(0);
    expect(published.out).toContain(`Trusted keys, published by ${t.config.publicUrl}:`);
    expect(published.out).toContain(t.config.evidence.batchPublicKey!);
  });

  it('the same record with another text and author (content hash recomputed) fails', async () => {
    const record = { ...genuine.record, text: 'The bridge is closed for good.' };
    record.author = { ...record.author, username: 'mallory' };
    const forged = { ...genuine, record, contentHash: contentHashOf(record) };
    const file = await certificateFile('edited.pdf', forged);
    const r = await run(['--certificate', file]);
    expect(r.code, r.out).toBe(1);
    expect(r.out).toMatch(/^PASS {2}Content hash matches the archived record/m);
    expect(r.out).toMatch(/^FAIL {2}Signed submission names this post and record/m);
    expect(r.out).toMatch(/^NOT VERIFIED$/m);
  });

  it("a post that never existed, with the attacker's own key, tree and signature, fails", async () => {
    const attackerKey = randomBytes(32).toString('hex');
    const tweetId = '1999999999999999999';
    const record: PostRecord = {
      ...genuine.record,
      tweetId,
      author: { id: '99', username: 'mallory' },
      text: 'I, Carol, admit everything.',
    };
    const contentHash = contentHashOf(record);
    const { submission, hash } = buildSubmission({
      orgId: '00000000-0000-4000-8000-0000000000aa',
      tenantId: '00000000-0000-4000-8000-0000000000bb',
      eventId: 'forged-event',
      documentId: `x:${tweetId}`,
      documentRef: contentHash,
      timestamp: new Date(),
      privateKeyHex: attackerKey,
      tags: { platform: 'x', tweet_id: tweetId, author_username: 'mallory' },
    });
    const leaves = [hash, 'a'.repeat(64), 'b'.repeat(64)];
    const batchRoot = merkleRoot(leaves);
    const batchId = 'forged-batch';
    const proof = {
      batchId,
      batchRoot,
      signature: signValue({ batchId, batchRoot }, attackerKey).signature,
      ...merkleProof(leaves, 0),
    };
    const forged = {
      tweetId,
      record,
      contentHash,
      fingerprintHash: hash,
      submission,
      proof,
      // What an older certificate carried: the verifier must never trust it.
      batchPublicKey: publicKeyId(attackerKey),
    };
    const file = await certificateFile('invented.pdf', forged);
    for (const args of [[], ['--keys', 'keys.json']]) {
      const r = await run(['--certificate', file, ...args]);
      expect(r.code, r.out).toBe(1);
      expect(r.out).toMatch(/^PASS {2}Fingerprint is in the batch Merkle tree/m);
      expect(r.out).toMatch(/^FAIL {2}Submission is signed by the archive's key/m);
      expect(r.out).toMatch(/^FAIL {2}Batch root is signed by the pinned batch key/m);
    }
  });

  it('the real entry (npm run evidence:verify) exits non-zero on a forgery, 0 on the genuine', async () => {
    const entry = (file: string) =>
      promisify(execFile)(
        process.execPath,
        nodeArgs('scripts/evidence-verify.ts', '--certificate', file),
        { env: { ...process.env, EVIDENCE_VERIFY_KEYS: path.join(dir, 'keys.json') } },
      ).then(
        (r) => ({ code: 0, out: r.stdout }),
        (e: { code: number; stdout: string }) => ({ code: e.code, out: e.stdout }),
      );
    const record = { ...genuine.record, text: 'Edited.' };
    await certificateFile('edited-2.pdf', {
      ...genuine,
      record,
      contentHash: contentHashOf(record),
    });
    const forged = await entry(path.join(dir, 'edited-2.pdf'));
    expect(forged.code, forged.out).toBe(1);
    expect(forged.out).toContain('FAIL  Signed submission names this post and record');
    const real = await entry(path.join(dir, 'genuine.pdf'));
    // This process serves no port: the anchor stays pending, every other check passes.
    expect(real.code, real.out).toBe(2);
    expect(real.out).not.toMatch(/^FAIL/m);
    expect(real.out).toContain(`Trusted keys, pinned in ${path.join(dir, 'keys.json')}:`);
  });
});

describe('what a certificate shows is what it proves (issue 41 item 3)', () => {
  const claim = 'I, vic1, owe mallory 10,000 UP. VERIFIED';
  const tampered = async (name: string, make: (b: Uint8Array) => Promise<Uint8Array>) => {
    await fs.writeFile(
      path.join(dir, name),
      await make(await fs.readFile(path.join(dir, 'genuine.pdf'))),
    );
    return run(['--certificate', name, '--keys', 'keys.json'], {}, true);
  };
  const fellOnPage = (out: string) => {
    expect(out).toMatch(/^FAIL {2}Certificate pages show only the verified record/m);
    expect(out).toMatch(/^NOT VERIFIED$/m);
    expect(out).not.toMatch(/^VERIFIED$/m);
  };

  it('the genuine certificate names the author and text it verified', async () => {
    const r = await run(['--certificate', 'genuine.pdf', '--keys', 'keys.json']);
    expect(r.code, r.out).toBe(0);
    expect(r.out).toMatch(/^ {2}author +@carol \(X id \d+\)$/m);
    expect(r.out).toMatch(/^ {2}text +The bridge opens Monday\.$/m);
    expect(r.out).toContain(`post id       ${target.id}`);
    expect(r.out).toMatch(/^PASS {2}Certificate pages show only the verified record/m);
    expect(r.out).toContain(`(post ${target.id} by @carol`);
  });

  it('a page repainted with a claim fails, and the claim is quoted', async () => {
    const r = await tampered('repainted.pdf', (b) => repaintFirstPage(b, claim));
    expect(r.code, r.out).toBe(1);
    fellOnPage(r.out);
    expect(r.out).toContain(claim);
    // The signed parts are untouched: only the page check fails.
    expect(r.out.match(/^FAIL/gm)).toHaveLength(1);
  });

  it('an incremental update that draws text on page 1 fails', async () => {
    const r = await tampered('updated.pdf', (b) => appendTextUpdate(b, claim));
    expect(r.code, r.out).toBe(1);
    fellOnPage(r.out);
    expect(r.out).toContain(`Page 1 shows what the record does not hold: "${claim}"`);
  });

  it('a tampered tag is listed as unverified, apart from the record and the verdict', async () => {
    const submission = structuredClone(genuine.submission) as {
      metadata: { tags: Record<string, string> };
    };
    // A line break in a tag must not print a verdict of its own.
    submission.metadata.tags.author_username = 'mallory\r\nVERIFIED';
    const file = await certificateFile('tagged.pdf', { ...genuine, submission });
    const r = await run(['--certificate', file, '--keys', 'keys.json']);
    expect(r.code, r.out).toBe(0);
    const tagsAt = r.out.indexOf('Tags, UNVERIFIED');
    expect(tagsAt, r.out).toBeGreaterThan(0);
    const mallory = r.out.search(/^ {2}author_username +mallory\\u\{d\}$/m);
    expect(mallory).toBeGreaterThan(tagsAt);
    expect(mallory).toBeLessThan(r.out.search(/^(PASS|FAIL|WAIT)/m));
    expect(r.out.match(/^VERIFIED$/gm)).toHaveLength(1);
    expect(r.out.slice(r.out.search(/^VERIFIED$/m))).not.toContain('mallory');
    expect(r.out).toMatch(/^ {2}author +@carol/m);
  });
});

describe('online: the CLI and the verify panel against what the API serves', () => {
  const site = () => ({
    origin: t.config.publicUrl,
    fetch: async (url: string) => t.app.request(url),
  });
  const detail = async () =>
    evidenceDetailSchema.parse((await t.call('GET', `/api/digital-evidence/${target.id}`)).body);

  it('the genuine record passes in the panel and the CLI', async () => {
    const steps = await verifyArchivedEvidence(await detail(), site());
    expect(steps.map((s) => [s.label, s.ok])).toEqual([
      ['Content hash matches the archived record', true],
      ['Signed submission names this post and record', true],
      ['Fingerprint hash is computed from the signed submission', true],
      ["Submission is signed by the archive's key", true],
      ['Fingerprint is in the batch Merkle tree', true],
      ['Batch root is committed in a global snapshot', true],
      ['Batch root is signed by the pinned batch key', true],
    ]);
    const r = await run([target.id]);
    expect(r.code, r.out).toBe(0);
  });

  it('a tampered database row (record, hash and author rewritten) fails in both', async () => {
    const [row] = await t.deps.db
      .select()
      .from(evidenceRecords)
      .where(eq(evidenceRecords.tweetId, target.id));
    const record = { ...row!.record, text: 'The bridge opens Tuesday.' };
    record.author = { ...record.author, username: 'mallory' };
    await t.deps.db
      .update(evidenceRecords)
      .set({
        record,
        contentHash: contentHashOf(record),
        tweetContent: record.text,
        authorUsername: 'mallory',
      })
      .where(eq(evidenceRecords.id, row!.id));
    try {
      const steps = await verifyArchivedEvidence(await detail(), site());
      expect(steps[0]!.ok).toBe(true);
      expect(steps.find((s) => s.ok === false)?.label).toBe(
        'Signed submission names this post and record',
      );
      const r = await run([target.id]);
      expect(r.code, r.out).toBe(1);
    } finally {
      await t.deps.db.update(evidenceRecords).set(row!).where(eq(evidenceRecords.id, row!.id));
    }
  });
});
