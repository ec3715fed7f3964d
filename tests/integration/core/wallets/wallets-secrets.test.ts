import { Writable } from 'node:stream';
import { inspect } from 'node:util';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reconcileTransfers, type TransferDeps, transfer } from '@/core/transfers/index.ts';
import {
  ensureWalletForHandle,
  getKeyring,
  getSystemWalletAddresses,
  provisionSystemWallets,
} from '@/core/wallets/index.ts';
import { parseMasterKeys } from '@/core/wallets/keyring.ts';
import { withWalletSigningKey } from '@/core/wallets/signing-key.ts';
import { wallets } from '@/db/schema/index.ts';
import {
  ConstellationNetworkError,
  dagAddressFromPublicKey,
  publicKeyFromPrivateKey,
} from '@/integrations/constellation/index.ts';
import { startTransferNet } from '../../../support/transfer-net.ts';
import { settle } from '../../../support/wait-for.ts';

const UP = 100_000_000n;
let t: Awaited<ReturnType<typeof startTransferNet>>;
beforeAll(async () => {
  t = await startTransferNet();
});
afterAll(() => t.close());

const serialize = (value: unknown) =>
  `${JSON.stringify(value, (_k, v) => (typeof v === 'bigint' ? v.toString() : v))}\n${inspect(value, { depth: 10, showHidden: true })}`;
const caught = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => e,
  );

describe('no private key ever leaves the signing path', () => {
  it('is absent from records, errors and log lines', async () => {
    const lines: string[] = [];
    const logger = pino(
      { level: 'trace' },
      new Writable({
        write(chunk, _enc, done) {
          lines.push(chunk.toString());
          done();
        },
      }),
    );
    const deps: TransferDeps = { ...t.deps, logger };
    const sender = await t.user('5001', 'keeper', { UP: 10n * UP });
    const handleWallet = await ensureWalletForHandle(deps, { handle: 'somebody' });
    const system = await provisionSystemWallets(deps);
    const everyWallet = [sender, handleWallet, ...Object.values(system)];

    const secrets: string[] = [];
    for (const w of everyWallet) {
      await withWalletSigningKey(deps, w.id, (key) => {
        secrets.push(Buffer.from(key).toString('hex'), Buffer.from(key).toString('base64'));
      });
    }
    secrets.push(getKeyring(deps.config).current.key.toString('base64'));
    secrets.push(deps.config.wallets.readMasterKeys() as string);

    const outputs: unknown[] = [...everyWallet, await getSystemWalletAddresses(deps), deps.config];
    outputs.push(
      await transfer(deps, {
        from: { xUserId: '5001' },
        to: { address: handleWallet.dagAddress },
        token: 'UP',
        amount: UP,
        idempotencyKey: 's-1',
        feeTier: 'free',
      }),
    );
    const errors = [
      caught(
        transfer(deps, {
          from: { xUserId: '5001' },
          to: { address: handleWallet.dagAddress },
          token: 'UP',
          amount: 100n * UP,
          idempotencyKey: 's-2',
          feeTier: 'free',
        }),
      ),
      caught(
        transfer(deps, {
          from: { xUserId: '5001' },
          to: { address: 'nope' },
          token: 'UP',
          amount: UP,
          idempotencyKey: 's-3',
          feeTier: 'free',
        }),
      ),
      caught(
        transfer(deps, {
          from: { xUserId: '5001' },
          to: { handle: 'x' },
          token: 'UP',
          amount: 2n * UP,
          idempotencyKey: 's-1',
          feeTier: 'free',
        }),
      ),
      caught(Promise.resolve().then(() => parseMasterKeys(`k:${'A'.repeat(10)}`))),
      // A tampered row: decryption fails without saying more.
      (async () => {
        const [row] = await t.deps.db.select().from(wallets).where(eq(wallets.id, sender.id));
        await t.deps.db
          .update(wallets)
          .set({ keyAuthTag: Buffer.alloc(16).toString('base64') })
          .where(eq(wallets.id, handleWallet.id));
        const err = await caught(withWalletSigningKey(deps, handleWallet.id, () => 0));
        expect(row).toBeDefined();
        return err;
      })(),
    ];
    // The network goes away mid-transfer: errors and warnings are logged by the worker.
    const offline: TransferDeps = {
      ...deps,
      constellation: {
        ...deps.constellation,
        postTransaction: async () => {
          throw new ConstellationNetworkError('http://node/transactions', new Error('ECONNRESET'));
        },
      },
    };
    errors.push(
      caught(
        transfer(offline, {
          from: { xUserId: '5001' },
          to: { address: handleWallet.dagAddress },
          token: 'UP',
          amount: UP,
          idempotencyKey: 's-4',
          feeTier: 'free',
        }),
      ),
    );
    const all = await Promise.all(errors);
    expect(all.every((e) => e instanceof Error)).toBe(true);
    await reconcileTransfers(offline);
    logger.info({ wallet: sender, errors: all }, 'everything a careless log line could include');

    const text = [...outputs, ...all].map(serialize).join('\n') + lines.join('');
    expect(lines.length).toBeGreaterThan(0);
    for (const secret of secrets) expect(text).not.toContain(secret);
    expect(text).not.toMatch(/key_?ciphertext|keyNonce|keyAuthTag/i);
  });

  it('keeps the key until an asynchronous signer settles, then wipes it; hands the wallet its own public key', async () => {
    const wallet = await t.user('5002', 'asyncsigner', { UP: 1n * UP });
    let seen: Uint8Array | undefined;
    const during = await withWalletSigningKey(t.deps, wallet.id, async (key, publicKey) => {
      seen = key;
      await settle(); // the signer resolves on a later turn of the event loop
      return {
        zeroed: key.every((b) => b === 0),
        address: dagAddressFromPublicKey(publicKey),
        matches: Buffer.from(publicKey).equals(Buffer.from(publicKeyFromPrivateKey(key))),
      };
    });
    expect(during).toEqual({ zeroed: false, address: wallet.dagAddress, matches: true });
    expect(seen?.every((b) => b === 0)).toBe(true);
  });
});
