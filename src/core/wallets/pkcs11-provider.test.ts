import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { startTestHsm } from '../../../tests/support/softhsm.ts';
import { KeyDecryptionError, keyringProvider } from './key-encryption.ts';
import { chainKeyProviders } from './key-provider.ts';
import { KeyringError, parseMasterKeys } from './keyring.ts';
import { openPkcs11Provider } from './pkcs11-provider.ts';
import { openHsmSession } from './pkcs11-session.ts';

const ADDRESS = 'DAG0UUaqJafbfPW8teuMtjiUgnuDfoipJFyQx1fN';
const OTHER = 'DAG6q1pWE9cMCzr7HckdPB5G4Xova7NWsjyHDoSi';
const hsm = startTestHsm();
hsm.createKey('hsm-a');
hsm.createKey('hsm-b');
afterAll(() => hsm.remove());

describe('wallet keys sealed by a PKCS#11 HSM (SoftHSM2)', () => {
  it('seals and opens a wallet key bound to its address, in the rows format of the env keys', () => {
    const provider = openPkcs11Provider(hsm.settings(['hsm-a']));
    try {
      const secret = randomBytes(32);
      const sealed = provider.encrypt(secret, ADDRESS);
      expect(sealed.keyId).toBe('hsm-a');
      expect(Buffer.from(sealed.ciphertext, 'base64')).toHaveLength(32);
      expect(Buffer.from(sealed.authTag, 'base64')).toHaveLength(16);
      expect(Buffer.from(sealed.ciphertext, 'base64').equals(secret)).toBe(false);
      expect(Buffer.from(provider.decrypt(sealed, ADDRESS))).toEqual(secret);
      expect(() => provider.decrypt(sealed, OTHER)).toThrow(KeyDecryptionError);
      const tampered = { ...sealed, authTag: Buffer.alloc(16).toString('base64') };
      expect(() => provider.decrypt(tampered, ADDRESS)).toThrow(KeyDecryptionError);
    } finally {
      provider.close();
    }
  });

  it('keeps the master key inside the HSM: sensitive, never extractable', () => {
    const session = openHsmSession(hsm.settings([]));
    try {
      const { p11, lib } = session;
      const key = session.findKey('hsm-a');
      const attrs = lib.C_GetAttributeValue(session.handle, key, [
        { type: p11.CKA_SENSITIVE },
        { type: p11.CKA_EXTRACTABLE },
      ]);
      expect(attrs.map((a) => (a.value as Buffer)[0])).toEqual([1, 0]);
      expect(() => lib.C_GetAttributeValue(session.handle, key, [{ type: p11.CKA_VALUE }])).toThrow(
        /CKR_ATTRIBUTE_SENSITIVE/,
      );
    } finally {
      session.close();
    }
  });

  it('opens rows of an older HSM key and of the env keys behind it; seals with the first', () => {
    const env = keyringProvider(parseMasterKeys(`env1:${randomBytes(32).toString('base64')}`));
    const old = openPkcs11Provider(hsm.settings(['hsm-a']));
    const fromEnv = env.encrypt(Buffer.alloc(32, 1), ADDRESS);
    const fromA = old.encrypt(Buffer.alloc(32, 2), ADDRESS);
    old.close();
    const chained = chainKeyProviders(openPkcs11Provider(hsm.settings(['hsm-b', 'hsm-a'])), [env]);
    try {
      expect(chained.keyIds).toEqual(['hsm-b', 'hsm-a', 'env1']);
      expect(chained.encrypt(Buffer.alloc(32, 3), ADDRESS).keyId).toBe('hsm-b');
      expect(Buffer.from(chained.decrypt(fromEnv, ADDRESS))).toEqual(Buffer.alloc(32, 1));
      expect(Buffer.from(chained.decrypt(fromA, ADDRESS))).toEqual(Buffer.alloc(32, 2));
      expect(() => chained.decrypt({ ...fromA, keyId: 'gone' }, ADDRESS)).toThrow(
        KeyDecryptionError,
      );
    } finally {
      chained.close();
    }
  });

  it('refuses a wrong PIN, a missing token or key, without printing the PIN', () => {
    const wrongPin = { ...hsm.settings(['hsm-a']), readPin: () => 'not-the-pin' };
    expect(() => openPkcs11Provider(wrongPin)).toThrow(/refused the login.*WALLET_PKCS11_PIN/);
    try {
      openPkcs11Provider(wrongPin);
    } catch (err) {
      expect(String(err)).not.toContain(hsm.pin);
    }
    expect(() => openPkcs11Provider({ ...hsm.settings(['hsm-a']), tokenLabel: 'nope' })).toThrow(
      KeyringError,
    );
    expect(() => openPkcs11Provider(hsm.settings(['missing']))).toThrow(/0 secret keys labelled/);
    expect(() => hsm.createKey('hsm-a')).toThrow(/already has a key labelled "hsm-a"/);
  });
});
