import { describe, expect, it } from 'vitest';
import { sha256Hex } from '@/shared/evidence/hex.ts';
import { createEvidenceClient } from './client.ts';
import { EvidenceApiError, EvidenceResponseError } from './errors.ts';
import sdk from './fixtures/sdk-examples.json' with { type: 'json' };
import { buildSubmission } from './submission.ts';

const PRIVATE_KEY = 'ee1c154b5ac1e999d4a4d5d43cc6ef53a6e36c24e87da90816f209f02239b9cd';
const value = sdk.fingerprintValue;

/** The SDK vector's value, signed (signerId omitted, as in the vector). */
function vectorSubmission() {
  const { submission } = buildSubmission({
    ...value,
    timestamp: new Date(value.timestamp),
    privateKeyHex: PRIVATE_KEY,
  });
  const { signerId: _omitted, ...content } = submission.attestation.content;
  return { ...submission, attestation: { ...submission.attestation, content } };
}

function recording(status: number, body: unknown) {
  const calls: { url: string; init: RequestInit }[] = [];
  const client = createEvidenceClient({
    baseUrl: sdk.baseUrl,
    apiKey: sdk.apiKey,
    fetch: async (url, init = {}) => {
      calls.push({ url, init });
      return new Response(JSON.stringify(body), { status });
    },
  });
  return { client, calls };
}

describe('Digital Evidence client against the SDK’s own examples', () => {
  it('hashes the vector’s document as the SDK does', () => {
    expect(sha256Hex(sdk.documentContent)).toBe(sdk.documentContentHash);
  });

  it('POSTs /v1/fingerprints with X-Api-Key and JSON, and accepts the answer naming the value’s hash', async () => {
    const { client, calls } = recording(200, sdk.submitAccepted);
    const submission = vectorSubmission();
    await expect(client.submit([submission])).resolves.toEqual(
      sdk.submitAccepted.map((r) => ({ ...r, shape: 'sdk' })),
    );
    const [call] = calls;
    expect(call?.url).toBe('http://localhost:8081/v1/fingerprints');
    expect(call?.init.method).toBe('POST');
    const headers = new Headers(call?.init.headers);
    expect(headers.get('x-api-key')).toBe('test-api-key');
    expect(headers.get('content-type')).toBe('application/json');
    expect(JSON.parse(String(call?.init.body))).toEqual([submission]);
  });

  it('refuses an accepted answer whose hash is not the submitted value’s (submit and validate)', async () => {
    const { client } = recording(200, sdk.submitPlaceholder);
    const err = await client.submit([vectorSubmission()]).catch((e) => e);
    expect(err).toBeInstanceOf(EvidenceResponseError);
    expect(err.message).toContain(`hash def for event ${value.eventId}`);
    expect(err.message).toContain(sdk.fingerprintHash);
    await expect(client.validate([vectorSubmission()])).rejects.toBeInstanceOf(
      EvidenceResponseError,
    );
  });

  it('does not trust the metadata hash the submission carries: the value is hashed again', async () => {
    const { client } = recording(200, [{ ...sdk.submitAccepted[0], hash: 'ab'.repeat(32) }]);
    const forged = vectorSubmission();
    forged.metadata = { hash: 'ab'.repeat(32) };
    await expect(client.submit([forged])).rejects.toBeInstanceOf(EvidenceResponseError);
  });

  it('reads the stats answer without an API key, and the 402 as the API’s message', async () => {
    const { client, calls } = recording(200, sdk.stats);
    await expect(client.stats()).resolves.toEqual({
      shape: 'sdk',
      fingerprintsTotal: 100,
      raw: sdk.stats.data,
    });
    expect(calls[0]?.url).toBe('http://localhost:8081/v1/fingerprints/stats');
    expect(new Headers(calls[0]?.init.headers).get('x-api-key')).toBeNull();
    const refused = recording(sdk.insufficientCredits.status, sdk.insufficientCredits.body);
    const err = await refused.client.submit([vectorSubmission()]).catch((e) => e);
    expect(err).toBeInstanceOf(EvidenceApiError);
    expect(err).toMatchObject({
      status: 402,
      messages: ['Insufficient credits'],
      retryable: false,
    });
  });
});
