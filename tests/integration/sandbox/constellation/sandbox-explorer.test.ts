import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  dagAddressFromPublicKey,
  generatePrivateKey,
  publicKeyFromPrivateKey,
} from '@/integrations/constellation/index.ts';
import { startConstellationSim } from '../../../support/constellation-sim.ts';
import { createTestDatabase } from '../../../support/test-db.ts';

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let net: Awaited<ReturnType<typeof startConstellationSim>>;
beforeAll(async () => {
  db = await createTestDatabase();
  net = await startConstellationSim(db);
});
afterAll(async () => {
  await net?.close();
  await db?.close();
});

const newAddress = () => dagAddressFromPublicKey(publicKeyFromPrivateKey(generatePrivateKey()));
const page = async (path: string) => {
  const res = await fetch(`${net.base}/explorer${path}`);
  return {
    status: res.status,
    type: res.headers.get('content-type') ?? '',
    body: await res.text(),
  };
};
async function fund(address: string, token: string, tokens: string) {
  const res = await fetch(`${net.base}/_admin/faucet`, {
    method: 'POST',
    body: JSON.stringify({ address, token, tokens }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { hash: string }).hash;
}
/** The cells of the balances row of one token on an address page. */
const balanceRow = (body: string, token: string) =>
  new RegExp(`<tr><td>${token}</td><td class="num">([^<]*)</td>`).exec(body)?.[1];

describe('local explorer pages', () => {
  it('shows a funded address: balance after the snapshot, the transaction waiting then accepted', async () => {
    const address = newAddress();
    const hash = await fund(address, 'UP', '1.5');

    const waiting = await page(`/address/${address}`);
    expect(waiting.status).toBe(200);
    expect(waiting.type).toMatch(/text\/html/);
    expect(waiting.body).not.toMatch(/<script/i);
    expect(balanceRow(waiting.body, 'UP')).toBe('0.00 UP');
    expect(waiting.body).toContain(`href="/sandbox/constellation/explorer/transactions/${hash}"`);
    expect(waiting.body).toContain('class="status-waiting">waiting<');

    const ordinals = await net.sim.tick();
    const accepted = await page(`/address/${address}`);
    expect(balanceRow(accepted.body, 'UP')).toBe('1.50 UP');
    expect(balanceRow(accepted.body, 'DAG')).toBe('0.00 DAG');
    expect(accepted.body).toContain('class="status-accepted">accepted<');
    expect(accepted.body).toContain(`<td class="num">${ordinals.UP}</td>`);

    const tx = await page(`/transactions/${hash}`);
    expect(tx.status).toBe(200);
    const faucet = net.sim.genesis.faucet.address;
    expect(tx.body).toContain(`href="/sandbox/constellation/explorer/address/${faucet}"`);
    expect(tx.body).toContain(`href="/sandbox/constellation/explorer/address/${address}"`);
    expect(tx.body).toContain('<dt>Amount</dt><dd>1.50000000 UP</dd>');
    expect(tx.body).toContain('<dt>Fee</dt><dd>0.00000000 UP</dd>');
    expect(tx.body).toContain(`<dt>Snapshot ordinal</dt><dd>${ordinals.UP}</dd>`);
  });

  it('lists transactions of every token, newest first', async () => {
    const address = newAddress();
    const first = await fund(address, 'DAG', '2');
    const second = await fund(address, 'DOR', '0.00000001');
    await net.sim.tick();
    const { body } = await page(`/address/${address}`);
    expect(body.indexOf(second)).toBeGreaterThan(0);
    expect(body.indexOf(second)).toBeLessThan(body.indexOf(first));
    expect(balanceRow(body, 'DAG')).toBe('2.00 DAG');
    expect(balanceRow(body, 'DOR')).toBe('0.00000001 DOR');
  });

  it('shows zero balances for an address that never appeared', async () => {
    const { status, body } = await page(`/address/${newAddress()}`);
    expect(status).toBe(200);
    for (const token of ['DAG', 'UP', 'DOR']) expect(balanceRow(body, token)).toBe(`0.00 ${token}`);
    expect(body).toContain('No transactions yet.');
  });

  it('answers 400 for an invalid address and 404 for an unknown transaction', async () => {
    expect((await page('/address/DAGnotanaddress')).status).toBe(400);
    const unknown = await page(`/transactions/${'ab'.repeat(32)}`);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toContain('Transaction not found');
  });

  it('escapes a hostile path segment instead of rendering it', async () => {
    const hostile = '<script>alert(1)</script>"><img src=x onerror=alert(2)>';
    for (const path of ['/address/', '/transactions/']) {
      const res = await page(`${path}${encodeURIComponent(hostile)}`);
      expect([400, 404]).toContain(res.status);
      expect(res.body).not.toContain('<script>');
      expect(res.body).not.toContain('<img');
      expect(res.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;&quot;&gt;&lt;img');
    }
  });
});
