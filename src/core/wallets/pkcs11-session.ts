import { createRequire } from 'node:module';
import type * as Pkcs11 from 'pkcs11js';
import { KeyringError } from './keyring.ts';

/** WALLET_KEY_PROVIDER=pkcs11: where the HSM is and which of its AES keys seal wallet keys. */
export interface Pkcs11Settings {
  /** The vendor's PKCS#11 library (SoftHSM2: /usr/lib/softhsm/libsofthsm2.so). */
  module: string;
  /** The token, by label or by slot id (one of the two). */
  tokenLabel?: string;
  slot?: string;
  /** The user PIN, behind a function so that logging the config never prints it. */
  readPin: () => string | undefined;
  /** Labels of the AES-256 keys on the token; the first seals, the others only open (rotation). */
  keyLabels: string[];
}

// Loaded on first use: a run on environment keys never loads the native binding.
type Binding = typeof Pkcs11;
let binding: Binding | undefined;
const load = () => {
  binding ??= createRequire(import.meta.url)('pkcs11js') as Binding;
  return binding;
};

/** One initialised library per module path, shared by the sessions of this process. */
const libraries = new Map<string, { lib: Pkcs11.PKCS11; sessions: number }>();

export interface HsmSession {
  readonly p11: Binding;
  readonly lib: Pkcs11.PKCS11;
  readonly handle: Pkcs11.Handle;
  /** The secret-key object with this label; KeyringError if the token has none. */
  findKey(label: string): Pkcs11.Handle;
  close(): void;
}

/** Opens a read-write session on the configured token and logs in as its user. */
export function openHsmSession(s: Pkcs11Settings): HsmSession {
  const p11 = load();
  const entry = libraries.get(s.module) ?? initialise(p11, s.module);
  const { lib } = entry;
  const slot = findSlot(lib, s);
  const handle = hsm(() => lib.C_OpenSession(slot, p11.CKF_SERIAL_SESSION | p11.CKF_RW_SESSION));
  entry.sessions += 1;
  const close = () => {
    lib.C_CloseSession(handle);
    entry.sessions -= 1;
    if (entry.sessions === 0) {
      libraries.delete(s.module);
      lib.C_Finalize();
    }
  };
  try {
    lib.C_Login(handle, p11.CKU_USER, s.readPin() ?? '');
  } catch (err) {
    // The login is per token and process: a second session of this process is already in.
    if (!String((err as Error).message).includes('CKR_USER_ALREADY_LOGGED_IN')) {
      close();
      throw new KeyringError(`the HSM refused the login (${codeOf(err)}): check WALLET_PKCS11_PIN`);
    }
  }
  const findKey = (label: string) => {
    lib.C_FindObjectsInit(handle, [
      { type: p11.CKA_CLASS, value: p11.CKO_SECRET_KEY },
      { type: p11.CKA_LABEL, value: label },
    ]);
    const found = lib.C_FindObjects(handle, 2);
    lib.C_FindObjectsFinal(handle);
    if (found.length !== 1) {
      throw new KeyringError(
        `the HSM token has ${found.length} secret keys labelled "${label}" (it needs exactly one)`,
      );
    }
    return found[0] as Pkcs11.Handle;
  };
  return { p11, lib, handle, findKey, close };
}

function initialise(p11: Binding, module: string) {
  const lib = new p11.PKCS11();
  hsm(() => lib.load(module), `cannot load the PKCS#11 module ${module}`);
  hsm(() => lib.C_Initialize());
  const entry = { lib, sessions: 0 };
  libraries.set(module, entry);
  return entry;
}

function findSlot(lib: Pkcs11.PKCS11, s: Pkcs11Settings): Pkcs11.Handle {
  const slots = lib.C_GetSlotList(true);
  const match = slots.find((slot) =>
    s.slot !== undefined
      ? slotId(slot) === s.slot
      : lib.C_GetTokenInfo(slot).label.trim() === s.tokenLabel,
  );
  if (!match) {
    if (libraries.get(s.module)?.sessions === 0) {
      libraries.delete(s.module);
      lib.C_Finalize();
    }
    const which = s.slot !== undefined ? `slot ${s.slot}` : `label "${s.tokenLabel}"`;
    throw new KeyringError(`no HSM token with ${which} (WALLET_PKCS11_TOKEN_LABEL / _SLOT)`);
  }
  return match;
}

/** A slot handle is the CK_SLOT_ID in native byte order (little-endian here). */
const slotId = (slot: Buffer) =>
  (slot.length >= 8 ? slot.readBigUInt64LE(0) : BigInt(slot.readUInt32LE(0))).toString();

const codeOf = (err: unknown) => String((err as Error).message ?? err).split(':')[0];

/** Runs a PKCS#11 call; its failure becomes a KeyringError naming the PKCS#11 code only. */
function hsm<T>(call: () => T, what = 'the PKCS#11 module failed'): T {
  try {
    return call();
  } catch (err) {
    throw new KeyringError(`${what} (${codeOf(err)})`);
  }
}
