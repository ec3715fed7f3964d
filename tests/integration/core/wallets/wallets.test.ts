import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bindHandleWalletToUser,
  ensureWalletForHandle,
  ensureWalletForUser,
  getSystemWalletAddresses,
  getWalletByAddress,
  getWalletByUser,
  provisionSystemWallets,
} from '@/core/wallets/index.ts';
import { withWalletSigningKey } from '@/core/wallets/signing-key.ts';
import { wallets } from '@/db/schema/index.ts';
import { dagAddressFromPublicKey } from '@/integrations/constellation/address.ts';
import { generatePrivateKey, publicKeyFromPrivateKey } from '@/integrations/constellation/keys.ts';
import { isValidDagAddress } from '@/shared/dag-address.ts';
import { createUser } from '../../../support/factories.ts';
import { createTestApp } from '../../../support/test-app.ts';
import { walletTestEnv } from '../../../support/wallet-env.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp(walletTestEnv());
});
afterAll(() => t.close());

async function addUser(xUserId: string, username: string) {
  await createUser(t.deps, { xUserId, username });
}

describe('custodial wallets', () => {
  it('creates one wallet per user, once, even under concurrent calls', async () => {
    await addUser('1001', 'alice');
    const results = await Promise.all(
      Array.from({ length: 8 }, () => ensureWalletForUser(t.deps, { xUserId: '1001' })),
    );
    const ids = new Set(results.map((w) => w.id));
    expect(ids.size).toBe(1);
    const wallet = results[0]!;
    expect(isValidDagAddress(wallet.dagAddress)).toBe(true);
    expect(wallet.evmAddress).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect(await getWalletByUser(t.deps, { xUserId: '1001' })).toEqual(wallet);
    expect(await getWalletByAddress(t.deps, { address: wallet.dagAddress })).toEqual(wallet);
  });

  it('stores a key that really owns the address (decrypts only in the signing path)', async () => {
    const wallet = await ensureWalletForUser(t.deps, { xUserId: '1001' });
    const derived = await withWalletSigningKey(t.deps, wallet.id, (key) =>
      dagAddressFromPublicKey(publicKeyFromPrivateKey(key)),
    );
    expect(derived).toBe(wallet.dagAddress);
  });

  it('refuses a user the product has never seen', async () => {
    await expect(ensureWalletForUser(t.deps, { xUserId: '999999' })).rejects.toMatchObject({
      code: 'unknown_user',
    });
  });

  it('never gives a legacy handle wallet to whoever appears with the handle (decision 0048)', async () => {
    const byHandle = await Promise.all([
      ensureWalletForHandle(t.deps, { handle: '@Bob_42' }),
      ensureWalletForHandle(t.deps, { handle: 'bob_42' }),
    ]);
    expect(byHandle[0].id).toBe(byHandle[1].id);
    expect(byHandle[0].handle).toBe('bob_42');
    expect(byHandle[0].xUserId).toBeNull();

    // Someone now holding the name is not proof they are who the money was sent to: only the
    // migration step binds it, to the X id X returns for the handle.
    await addUser('1002', 'Bob_42');
    const userWallet = await ensureWalletForUser(t.deps, { xUserId: '1002' });
    expect(userWallet.id).not.toBe(byHandle[0].id);
    const [legacy] = await t.deps.db.select().from(wallets).where(eq(wallets.id, byHandle[0].id));
    expect(legacy?.xUserId).toBeNull();
  });

  it("keeps the user's own wallet and marks a later handle wallet superseded", async () => {
    await addUser('1003', 'carol');
    const own = await ensureWalletForUser(t.deps, { xUserId: '1003' });
    const handleWallet = await ensureWalletForHandle(t.deps, { handle: 'carol' });
    const result = await bindHandleWalletToUser(t.deps, { handle: 'carol', xUserId: '1003' });
    expect(result).toEqual({
      outcome: 'superseded',
      wallet: own,
      supersededWalletId: handleWallet.id,
    });
    const [row] = await t.deps.db.select().from(wallets).where(eq(wallets.id, handleWallet.id));
    expect(row?.supersededByWalletId).toBe(own.id);
    expect(await bindHandleWalletToUser(t.deps, { handle: 'carol', xUserId: '1003' })).toBeNull();
  });

  it('rejects something that is not a handle', async () => {
    await expect(ensureWalletForHandle(t.deps, { handle: 'not a handle!' })).rejects.toMatchObject({
      code: 'invalid_handle',
    });
  });

  it('provisions system wallets from given keys (the sandbox genesis keys)', async () => {
    const feeKey = generatePrivateKey();
    const expected = dagAddressFromPublicKey(publicKeyFromPrivateKey(feeKey));
    const provisioned = await provisionSystemWallets(t.deps, { importKeys: { fees: feeKey } });
    expect(provisioned.fees.dagAddress).toBe(expected);
    expect(provisioned.treasury.dagAddress).not.toBe(expected);
    const signer = await withWalletSigningKey(t.deps, provisioned.fees.id, (key) =>
      dagAddressFromPublicKey(publicKeyFromPrivateKey(key)),
    );
    expect(signer).toBe(expected);
  });

  it('provisions the system wallets once and lists the known addresses', async () => {
    const first = await provisionSystemWallets(t.deps);
    const again = await provisionSystemWallets(t.deps);
    expect(again.treasury.id).toBe(first.treasury.id);
    const all = await getSystemWalletAddresses(t.deps);
    expect(all.map((a) => a.role)).toEqual([
      'treasury',
      'fees',
      'rewards',
      'liquidityPool',
      'bridgeCollateral',
      'burn',
    ]);
    for (const entry of all) expect(isValidDagAddress(entry.address)).toBe(true);
    expect(all.find((a) => a.role === 'fees')?.address).toBe(first.fees.dagAddress);
    expect(all.find((a) => a.role === 'burn')?.label).toBe('Burn wallet');
  });
});
