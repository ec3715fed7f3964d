import { randomBytes } from 'node:crypto';
import { type EncryptedKey, KeyDecryptionError } from './key-encryption.ts';
import type { WalletKeyProvider } from './key-provider.ts';
import { KeyringError } from './keyring.ts';
import { type HsmSession, openHsmSession, type Pkcs11Settings } from './pkcs11-session.ts';

const TAG_BYTES = 16;
const KEY_ID = /^[A-Za-z0-9_-]{1,32}$/;

/**
 * Wallet keys sealed by AES-256-GCM inside the HSM (CKM_AES_GCM, the wallet's DAG address as
 * AAD, a random 96-bit nonce): the same row format as the environment keys, but the master key
 * never enters this process. The key label is the row's key id.
 */
export function openPkcs11Provider(settings: Pkcs11Settings): WalletKeyProvider {
  const labels = settings.keyLabels;
  if (labels.length === 0) throw new KeyringError('WALLET_PKCS11_KEY_LABELS is empty');
  for (const label of labels) {
    if (!KEY_ID.test(label)) {
      throw new KeyringError(`HSM key label "${label}" is not 1-32 of [A-Za-z0-9_-]`);
    }
  }
  const session = openHsmSession(settings);
  let keys: Map<string, Buffer>;
  try {
    keys = new Map(labels.map((label) => [label, session.findKey(label)]));
  } catch (err) {
    session.close();
    throw err;
  }
  const current = labels[0] as string;
  return {
    currentKeyId: current,
    keyIds: [...labels],
    encrypt: (privateKey, aad) =>
      seal(session, keys.get(current) as Buffer, current, privateKey, aad),
    decrypt: (encrypted, aad) => {
      const key = keys.get(encrypted.keyId);
      if (!key) throw new KeyDecryptionError(encrypted.keyId);
      return open(session, key, encrypted, aad);
    },
    close: () => session.close(),
  };
}

const gcm = (session: HsmSession, iv: Buffer, aad: string) => ({
  mechanism: session.p11.CKM_AES_GCM,
  parameter: {
    type: session.p11.CK_PARAMS_AES_GCM,
    iv,
    aad: Buffer.from(aad, 'utf8'),
    ivBits: iv.length * 8,
    tagBits: TAG_BYTES * 8,
  },
});

function seal(
  session: HsmSession,
  key: Buffer,
  keyId: string,
  privateKey: Uint8Array,
  aad: string,
): EncryptedKey {
  const nonce = randomBytes(12);
  const plain = Buffer.from(privateKey);
  try {
    session.lib.C_EncryptInit(session.handle, gcm(session, nonce, aad), key);
    const out = session.lib.C_Encrypt(session.handle, plain, Buffer.alloc(plain.length + 64));
    return {
      keyId,
      nonce: nonce.toString('base64'),
      ciphertext: out.subarray(0, out.length - TAG_BYTES).toString('base64'),
      authTag: out.subarray(out.length - TAG_BYTES).toString('base64'),
    };
  } catch (err) {
    if (err instanceof KeyringError) throw err;
    throw new KeyringError(`the HSM could not seal a wallet key (${String(err).split(':')[0]})`);
  } finally {
    plain.fill(0);
  }
}

function open(session: HsmSession, key: Buffer, e: EncryptedKey, aad: string): Uint8Array {
  const nonce = Buffer.from(e.nonce, 'base64');
  const tag = Buffer.from(e.authTag, 'base64');
  if (nonce.length !== 12 || tag.length !== TAG_BYTES) throw new KeyDecryptionError(e.keyId);
  const sealed = Buffer.concat([Buffer.from(e.ciphertext, 'base64'), tag]);
  try {
    session.lib.C_DecryptInit(session.handle, gcm(session, nonce, aad), key);
    const out = session.lib.C_Decrypt(session.handle, sealed, Buffer.alloc(sealed.length));
    const plain = new Uint8Array(out);
    out.fill(0);
    return plain;
  } catch {
    throw new KeyDecryptionError(e.keyId);
  }
}

/**
 * Generates a new AES-256 master key inside the HSM: token object, sensitive, never extractable,
 * usable only to encrypt and decrypt. Refuses a label the token already has.
 */
export function createHsmMasterKey(settings: Pkcs11Settings, label: string) {
  if (!KEY_ID.test(label))
    throw new KeyringError(`HSM key label "${label}" is not 1-32 of [A-Za-z0-9_-]`);
  const session = openHsmSession(settings);
  try {
    const exists = (() => {
      try {
        session.findKey(label);
        return true;
      } catch {
        return false;
      }
    })();
    if (exists) throw new KeyringError(`the HSM token already has a key labelled "${label}"`);
    const { p11 } = session;
    session.lib.C_GenerateKey(session.handle, { mechanism: p11.CKM_AES_KEY_GEN }, [
      { type: p11.CKA_CLASS, value: p11.CKO_SECRET_KEY },
      { type: p11.CKA_KEY_TYPE, value: p11.CKK_AES },
      { type: p11.CKA_VALUE_LEN, value: 32 },
      { type: p11.CKA_LABEL, value: label },
      { type: p11.CKA_TOKEN, value: true },
      { type: p11.CKA_PRIVATE, value: true },
      { type: p11.CKA_SENSITIVE, value: true },
      { type: p11.CKA_EXTRACTABLE, value: false },
      { type: p11.CKA_ENCRYPT, value: true },
      { type: p11.CKA_DECRYPT, value: true },
      { type: p11.CKA_WRAP, value: false },
      { type: p11.CKA_UNWRAP, value: false },
    ]);
  } finally {
    session.close();
  }
}
