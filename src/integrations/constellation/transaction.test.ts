import { createPublicKey, verify as opensslVerify } from 'node:crypto';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { describe, expect, it } from 'vitest';
import { dagAddressFromPublicKey, publicKeyIdFromPublicKey, spkiFromPublicKey } from './address.ts';
import { generatePrivateKey, publicKeyFromPrivateKey } from './keys.ts';
import {
  encodeTransaction,
  kryoUtf8Length,
  randomSalt,
  type SignedTransaction,
  signTransaction,
  signTransactions,
  type TransactionValue,
  transactionHash,
  verifySignedTransaction,
} from './transaction.ts';

// integrations.md §3.2: two real metagraph transactions and a dag4-keystore 2.8.1 output.
const REAL: { value: TransactionValue; hash: string; id: string; signature: string }[] = [
  {
    value: {
      source: 'DAG77zerQ2BUVhtVgkmseihkEfLXieBBm57vqA4J',
      destination: 'DAG2fMnbEmsWhgYGhvdREVELyESKUqGNTEWf4B61',
      amount: 300000000n,
      fee: 0n,
      parent: {
        ordinal: 4n,
        hash: '9ef0cd77c91abe5dac643f0ada9e51af20a30c38b2b2cf7b8793a5955d5c9485',
      },
      salt: 8792229999094409n,
    },
    hash: '233af0219d6a956aae0839c18ce95470dc2ac0645aa3135a22be608c06e7713e',
    id: 'b85cbc0d210bfb98de58b9b1c6d195f6ee09e254e489f284756e3ebae82054823b04e64bcc62bb6b20ee8016b819419389037d8d09e278e47fe79645cfd8b166',
    signature:
      '30450221009a66b5a64998df405c40e5eb6b4ad42e3e4f7b31d70071e866c045ef58dc1f9b022048a66d373e241bc10f917f11832eccf6244b255c68c11c6ee1e7f442068ae613',
  },
  {
    value: {
      source: 'DAG0zJW14beJtZX2BY2KA9gLbpaZ8x6vgX4KVPVX',
      destination: 'DAG5WLxvp7hQgumY7qEFqWZ9yuRghSNzLddLbxDN',
      amount: 10000000n,
      fee: 2000000n,
      parent: {
        ordinal: 146n,
        hash: 'a7b0f25c3b445464bf819fbcb500503bf41e3c085410ae4b171f6fb28884de13',
      },
      salt: 211479158172002n,
    },
    hash: '39b73f07984301a30bb3d16d5d5f32a004b65d23df958c39cfb13fd0ab1f8da7',
    id: '4462191fb1056699c28607c7e8e03b73602fa070b78cad863b5f84d08a577d5d0399ccd90ba1e69f34382d678216d4b2a030d98e38c0c960447dc49514f92ad7',
    signature:
      '3044022032d2d61e4d29c012fd302fd18d86c439d0ac6528b408160796289268295d451e02205248def09471b061a4d98853c856a3086428f441b9c025148470acf380a2e13d',
  },
];
const DAG4_KEY = Buffer.from(
  'ee1c154b5ac1e999d4a4d5d43cc6ef53a6e36c24e87da90816f209f02239b9cd',
  'hex',
);
const DAG4_VALUE: TransactionValue = {
  source: 'DAG42KmGjqw6f7zQdeHFwyJXrptsHkExks52aStY',
  destination: 'DAG2fMnbEmsWhgYGhvdREVELyESKUqGNTEWf4B61',
  amount: 150000000n,
  fee: 0n,
  parent: { ordinal: 0n, hash: '0'.repeat(64) },
  salt: 8935067200616507n,
};

const signedOf = (v: (typeof REAL)[number]): SignedTransaction => ({
  value: v.value,
  proofs: [{ id: v.id, signature: v.signature }],
});

describe('transaction hash', () => {
  it.each(REAL)('reproduces real-network hash $hash', ({ value, hash }) => {
    expect(transactionHash(value)).toBe(hash);
  });

  it('reproduces the dag4-keystore hash', () => {
    expect(transactionHash(DAG4_VALUE)).toBe(
      'cea6923f0fe3a6ec3703835810a2151c483590673fc436c2fc894e1a219e4f4c',
    );
  });

  it('encodes amount and salt in hex (tessellation TransactionSuite: 10 → 1a, 1234 → 34d2)', () => {
    const encoded = encodeTransaction({ ...DAG4_VALUE, amount: 10n, salt: 1234n });
    expect(encoded).toBe(
      `2${[DAG4_VALUE.source, DAG4_VALUE.destination, 'a', '0'.repeat(64), '0', '0', '4d2']
        .map((s) => `${s.length}${s}`)
        .join('')}`,
    );
    expect(encodeTransaction({ ...DAG4_VALUE, salt: -1n })).toMatch(/16ffffffffffffffff$/);
  });

  it('writes Kryo length headers in 1 and 2 bytes', () => {
    expect(kryoUtf8Length(63)).toEqual([0xbf]);
    expect(kryoUtf8Length(64)).toEqual([0xc0, 1]);
    expect(kryoUtf8Length(200)).toEqual([0xc8, 3]);
  });
});

describe('signatures', () => {
  it.each(REAL)('verifies the real-network signature of $hash', (v) => {
    expect(verifySignedTransaction(signedOf(v))).toEqual({ ok: true, hash: v.hash });
  });

  it('signs so that the signature verifies, and derives the right proof id', () => {
    const signed = signTransaction(DAG4_VALUE, DAG4_KEY);
    expect(signed.proofs[0]?.id).toBe(publicKeyIdFromPublicKey(publicKeyFromPrivateKey(DAG4_KEY)));
    expect(signed.proofs[0]?.signature).toMatch(/^30[0-9a-f]+$/);
    expect(verifySignedTransaction(signed).ok).toBe(true);
  });

  it('signs a batch with one key: each verifies on its own, with the same proof id', () => {
    const next = { ...DAG4_VALUE, parent: { ordinal: 9n, hash: transactionHash(DAG4_VALUE) } };
    const batch = signTransactions([DAG4_VALUE, next], DAG4_KEY);
    expect(batch.map((s) => s.value)).toEqual([DAG4_VALUE, next]);
    expect(batch.map((s) => s.proofs[0]?.id)).toEqual([
      signTransaction(DAG4_VALUE, DAG4_KEY).proofs[0]?.id,
      signTransaction(DAG4_VALUE, DAG4_KEY).proofs[0]?.id,
    ]);
    expect(batch.map((s) => verifySignedTransaction(s).ok)).toEqual([true, true]);
  });

  it('signs with a known public key: same proof id, each signature verifies', () => {
    const next = { ...DAG4_VALUE, parent: { ordinal: 9n, hash: transactionHash(DAG4_VALUE) } };
    const pub = publicKeyFromPrivateKey(DAG4_KEY);
    const batch = signTransactions([DAG4_VALUE, next], DAG4_KEY, pub);
    expect(batch.map((s) => s.proofs[0]?.id)).toEqual([
      publicKeyIdFromPublicKey(pub),
      publicKeyIdFromPublicKey(pub),
    ]);
    expect(batch.map((s) => verifySignedTransaction(s).ok)).toEqual([true, true]);
  });

  it('signs SHA512withECDSA as Java does: OpenSSL verifies the signature over the hash text', () => {
    for (let i = 0; i < 8; i++) {
      const key = generatePrivateKey();
      const pub = publicKeyFromPrivateKey(key);
      const value = { ...DAG4_VALUE, source: dagAddressFromPublicKey(pub), salt: randomSalt() };
      const [signed] = signTransactions([value], key);
      const publicKey = createPublicKey({
        key: spkiFromPublicKey(pub),
        format: 'der',
        type: 'spki',
      });
      const data = Buffer.from(transactionHash(value), 'ascii');
      const der = Buffer.from(signed!.proofs[0]!.signature, 'hex');
      expect(opensslVerify('sha512', data, { key: publicKey, dsaEncoding: 'der' }, der)).toBe(true);
    }
  });

  it('derives the same public key as the curve library does (leading zeros kept)', () => {
    for (let i = 0; i < 64; i++) {
      const key = generatePrivateKey();
      expect(Buffer.from(publicKeyFromPrivateKey(key)).toString('hex')).toBe(
        Buffer.from(secp256k1.getPublicKey(key, false)).toString('hex'),
      );
    }
  });

  const real = REAL[0]!;
  it.each([
    ['amount', { ...real.value, amount: real.value.amount + 1n }],
    ['parent ordinal', { ...real.value, parent: { ...real.value.parent, ordinal: 5n } }],
    ['parent hash', { ...real.value, parent: { ...real.value.parent, hash: 'f'.repeat(64) } }],
    ['destination', { ...real.value, destination: REAL[1]!.value.destination }],
    ['fee', { ...real.value, fee: 1n }],
    ['salt', { ...real.value, salt: real.value.salt + 1n }],
  ])('rejects a tampered %s as InvalidSigned', (_field, value) => {
    const result = verifySignedTransaction({ ...signedOf(real), value });
    expect(result).toEqual({ ok: false, reason: 'InvalidSigned' });
  });

  it('rejects a tampered signature', () => {
    const sig = real.signature;
    const flipped = `${sig.slice(0, 20)}${sig[20] === 'a' ? 'b' : 'a'}${sig.slice(21)}`;
    expect(
      verifySignedTransaction({ ...signedOf(real), proofs: [{ id: real.id, signature: flipped }] }),
    ).toEqual({ ok: false, reason: 'InvalidSigned' });
    expect(
      verifySignedTransaction({ ...signedOf(real), proofs: [{ id: real.id, signature: 'zz' }] }).ok,
    ).toBe(false);
  });

  // A Java node accepts either S of a signature (s and n − s both verify); libsecp256k1 alone
  // would refuse the high one. And it refuses DER that is not the one canonical encoding.
  const N = secp256k1.Point.CURVE().n;
  const derOf = (r: bigint, s: bigint) => {
    const int = (x: bigint) => {
      let hex = x
        .toString(16)
        .padStart(64, '0')
        .replace(/^(00)+/, '');
      if (hex.length % 2) hex = `0${hex}`;
      if (Number.parseInt(hex.slice(0, 2), 16) >= 0x80) hex = `00${hex}`;
      return `02${(hex.length / 2).toString(16).padStart(2, '0')}${hex}`;
    };
    const body = int(r) + int(s);
    return `30${(body.length / 2).toString(16).padStart(2, '0')}${body}`;
  };
  const { r, s } = secp256k1.Signature.fromBytes(Buffer.from(real.signature, 'hex'), 'der');

  it('accepts the high-S twin of a valid signature, as a Java node does', () => {
    expect(derOf(r, s)).toBe(real.signature);
    const high = derOf(r, N - s);
    expect(
      verifySignedTransaction({ ...signedOf(real), proofs: [{ id: real.id, signature: high }] }),
    ).toEqual({ ok: true, hash: real.hash });
  });

  it('rejects a non-canonical DER encoding and r or s out of range', () => {
    const padded = real.signature.replace(/^3045022100/, '304602220000');
    for (const signature of [padded, derOf(r + N, s), derOf(r, 0n), `${real.signature}00`]) {
      expect(
        verifySignedTransaction({ ...signedOf(real), proofs: [{ id: real.id, signature }] }),
      ).toEqual({ ok: false, reason: 'InvalidSigned' });
    }
  });

  it('rejects another key (even one that signs validly) as NotSignedBySourceAddressOwner', () => {
    const other = generatePrivateKey();
    const resigned = signTransaction(real.value, other);
    expect(verifySignedTransaction(resigned)).toEqual({
      ok: false,
      reason: 'NotSignedBySourceAddressOwner',
    });
    // And a key whose address does own the source, but the signature is someone else's.
    const mine = signTransaction(
      { ...real.value, source: dagAddressFromPublicKey(publicKeyFromPrivateKey(other)) },
      other,
    );
    expect(
      verifySignedTransaction({
        ...mine,
        proofs: [{ ...mine.proofs[0]!, signature: real.signature }],
      }),
    ).toEqual({ ok: false, reason: 'InvalidSigned' });
  });
});

describe('randomSalt', () => {
  it('is a positive safe integer in dag4 range, different each time', () => {
    const a = randomSalt();
    const b = randomSalt();
    expect(a).not.toBe(b);
    for (const s of [a, b]) {
      expect(s).toBeGreaterThanOrEqual(BigInt(Number.MAX_SAFE_INTEGER) - 2n ** 48n);
      expect(s).toBeLessThanOrEqual(BigInt(Number.MAX_SAFE_INTEGER));
    }
  });
});
