import { describe, expect, it } from 'vitest';
import {
  dagAddressFromPublicKey,
  dagAddressFromPublicKeyId,
  isValidDagAddress,
  publicKeyFromId,
  publicKeyIdFromPublicKey,
} from './address.ts';
import { evmAddressFromPublicKey, generatePrivateKey, publicKeyFromPrivateKey } from './keys.ts';

// integrations.md §3.1: two real public-key → address pairs and a dag4-keystore 2.8.1 output.
const VECTORS = [
  {
    id: 'b85cbc0d210bfb98de58b9b1c6d195f6ee09e254e489f284756e3ebae82054823b04e64bcc62bb6b20ee8016b819419389037d8d09e278e47fe79645cfd8b166',
    address: 'DAG77zerQ2BUVhtVgkmseihkEfLXieBBm57vqA4J',
  },
  {
    id: '4462191fb1056699c28607c7e8e03b73602fa070b78cad863b5f84d08a577d5d0399ccd90ba1e69f34382d678216d4b2a030d98e38c0c960447dc49514f92ad7',
    address: 'DAG0zJW14beJtZX2BY2KA9gLbpaZ8x6vgX4KVPVX',
  },
];
const DAG4_PRIVATE_KEY = 'ee1c154b5ac1e999d4a4d5d43cc6ef53a6e36c24e87da90816f209f02239b9cd';
const DAG4_ID =
  '86b515337e179f72144452066c18cd8f3f2a7cf59d4692ae056409c5e33c6d43889c97de362e864bce353b410047c213574f370b0757ed6814600c74d8991086';

describe('DAG address derivation', () => {
  it.each(VECTORS)('derives $address from its public key', ({ id, address }) => {
    const pub = publicKeyFromId(id);
    expect(pub).toHaveLength(65);
    expect(dagAddressFromPublicKey(pub)).toBe(address);
    expect(dagAddressFromPublicKey(pub.subarray(1))).toBe(address); // 64-byte X‖Y form
    expect(publicKeyIdFromPublicKey(pub)).toBe(id);
  });

  it('matches dag4-keystore for a known private key', () => {
    const pub = publicKeyFromPrivateKey(Buffer.from(DAG4_PRIVATE_KEY, 'hex'));
    expect(publicKeyIdFromPublicKey(pub)).toBe(DAG4_ID);
    expect(dagAddressFromPublicKey(pub)).toBe('DAG42KmGjqw6f7zQdeHFwyJXrptsHkExks52aStY');
    expect(dagAddressFromPublicKeyId(DAG4_ID)).toBe('DAG42KmGjqw6f7zQdeHFwyJXrptsHkExks52aStY');
  });

  it('rejects malformed keys', () => {
    expect(() => dagAddressFromPublicKey(new Uint8Array(33))).toThrow();
    expect(() => publicKeyFromId('abc')).toThrow();
  });
});

describe('isValidDagAddress', () => {
  it('accepts the vectors and fresh addresses', () => {
    for (const v of VECTORS) expect(isValidDagAddress(v.address)).toBe(true);
    for (let i = 0; i < 20; i++) {
      const address = dagAddressFromPublicKey(publicKeyFromPrivateKey(generatePrivateKey()));
      expect(isValidDagAddress(address)).toBe(true);
    }
  });

  it('rejects a wrong parity digit, wrong length, prefix or alphabet', () => {
    const good = 'DAG77zerQ2BUVhtVgkmseihkEfLXieBBm57vqA4J';
    expect(isValidDagAddress(`DAG8${good.slice(4)}`)).toBe(false);
    expect(isValidDagAddress(good.slice(0, 39))).toBe(false);
    expect(isValidDagAddress(`DAX${good.slice(3)}`)).toBe(false);
    expect(isValidDagAddress(`${good.slice(0, 39)}0`)).toBe(false); // '0' is not base58
    expect(isValidDagAddress(`${good.slice(0, 39)}l`)).toBe(false); // nor is 'l'
    expect(isValidDagAddress(42)).toBe(false);
  });
});

describe('EVM address', () => {
  it('derives the EIP-55 address of private key 1 (the generator point)', () => {
    const key = new Uint8Array(32);
    key[31] = 1;
    expect(evmAddressFromPublicKey(publicKeyFromPrivateKey(key))).toBe(
      '0x7E5F4552091A69125d5DfCb7b8C2659029395Bdf',
    );
  });
});
