import { describe, expect, it } from 'vitest';
import { weightedLength } from '@/shared/x-text.ts';
import type { Outcome } from '../engine/outcome.ts';
import { formatReply } from './format-reply.ts';

const ctx = {
  publicUrl: 'https://upsider.app',
  explorerTxUrl: 'https://explorer.example/tx/',
  receiptId: '1799999999999999999',
  now: new Date('2026-11-02T12:00:00Z'),
};
const UP = (n: number) => String(BigInt(Math.round(n * 100)) * 1_000_000n);
const reply = (o: Outcome) => formatReply(o, ctx)!;

describe('formatReply', () => {
  it('a plan preview counts its minutes on the agent clock, not the machine clock', () => {
    const previewEndingIn = (ms: number) =>
      reply({
        kind: 'subscription_preview',
        tier: 'pro',
        months: 1,
        priceUp: UP(200),
        priceUsd: 10,
        upUsd: 0.05,
        expiresAt: new Date(ctx.now.getTime() + ms).toISOString(),
      });
    expect(previewEndingIn(14 * 60_000 + 20_000)).toContain(
      'Reply "confirm" within 14 minutes to pay from your wallet.',
    );
    expect(previewEndingIn(50_000)).toContain('Reply "confirm" within 1 minute to pay');
  });

  it('links the receipt only where a reply moves money or carries a link anyway (X bills a URL at $0.20)', () => {
    const link = 'Receipt: https://upsider.app/receipts/1799999999999999999';
    const number = 'Receipt #1799999999999999999';
    const answers: Outcome[] = [
      {
        kind: 'balance',
        subject: { self: true },
        address: 'DAG0zJW14beJtZX2BY2KA9gLbpaZ8x6vgX4KVPVX',
        balances: { UP: '0', DAG: '0', DOR: '0' },
      },
      {
        kind: 'address',
        subject: { self: true },
        address: 'DAG0zJW14beJtZX2BY2KA9gLbpaZ8x6vgX4KVPVX',
      },
      { kind: 'rejected', reason: { code: 'unknown_handle', handle: 'nobody' } },
    ];
    for (const o of answers) {
      const text = reply(o);
      expect(text.endsWith(number)).toBe(true);
      expect(text).not.toMatch(/https?:\/\//);
    }
    expect(reply({ kind: 'help' })).toContain(link);
  });

  it('stays silent for ignored posts', () => {
    expect(formatReply({ kind: 'ignored', reason: 'retweet' }, ctx)).toBeNull();
  });

  it('reports a send with amount, recipient, fee, balance, receipt and explorer link', () => {
    const text = reply({
      kind: 'sent',
      token: 'UP',
      amount: UP(10),
      fee: UP(0.05),
      to: { handle: 'bob' },
      toAddress: 'DAG0zJW14beJtZX2BY2KA9gLbpaZ8x6vgX4KVPVX',
      newBalance: UP(1234.95),
      transferId: 't1',
      txHashes: ['abc123'],
      commandPostId: ctx.receiptId,
    });
    expect(text).toBe(
      'Sent 10.00 UP to @bob (fee 0.05 UP). Your balance: 1,234.95 UP. ' +
        'Receipt: https://upsider.app/receipts/1799999999999999999 Tx: https://explorer.example/tx/abc123',
    );
  });

  it('names the money a send moves exactly (a fee of 0.025 UP is not rounded to 0.03) and displays balances with two decimals', () => {
    const text = reply({
      kind: 'sent',
      token: 'UP',
      amount: '500000000',
      fee: '2500000',
      to: { handle: 'bob' },
      toAddress: 'DAG0zJW14beJtZX2BY2KA9gLbpaZ8x6vgX4KVPVX',
      newBalance: '19497500000',
      transferId: 't1',
      txHashes: [],
      commandPostId: ctx.receiptId,
    });
    expect(text).toMatch(/^Sent 5\.00 UP to @bob \(fee 0\.025 UP\)\. Your balance: 194\.98 UP\./);
    const smallest = reply({
      kind: 'balance',
      subject: { self: true },
      address: 'DAG0zJW14beJtZX2BY2KA9gLbpaZ8x6vgX4KVPVX',
      balances: { UP: '130416140342', DAG: '0', DOR: '123456789' },
    });
    expect(smallest).toContain('Your balance: 1,304.16 UP · 0.00 DAG · 1.23 DOR.');
  });

  it('explains an insufficient balance with the balance', () => {
    const text = reply({
      kind: 'rejected',
      reason: { code: 'insufficient_balance', token: 'DAG', balance: UP(3), needed: UP(5.02) },
    });
    expect(text).toContain('your balance is 3.00 DAG');
    expect(text).toContain('5.02 DAG');
  });

  it('names every other error plainly', () => {
    expect(
      reply({ kind: 'rejected', reason: { code: 'unknown_handle', handle: 'nobody' } }),
    ).toMatch(/^@nobody is not an X account\./);
    expect(reply({ kind: 'rejected', reason: { code: 'paused' } })).toMatch(/paused/);
    expect(
      reply({
        kind: 'rejected',
        reason: { code: 'over_daily_limit', token: 'UP', limit: UP(100), left: UP(40) },
      }),
    ).toContain('daily limit of 100.00 UP (40.00 UP left today)');
  });

  it('help lists what works and links the guide; every reply fits in a post', () => {
    const text = reply({ kind: 'help', feature: 'Token analysis' });
    expect(text).toMatch(/^Token analysis is not available yet\. /);
    expect(text).toContain('https://upsider.app/how-it-works');
    expect(text).toContain('send 10 UP to @…');
    for (const built of ['analyze $UP', 'fingerprint this', 'promote this'])
      expect(text).toContain(built);
    // X counts every link as 23 characters (weighted length); twitter-text knows a link only by
    // a real top-level domain, so the test's site has one.
    expect(weightedLength(text)).toBeLessThanOrEqual(280);
  });

  it('a preview asks for confirm within 10 minutes', () => {
    const text = reply({
      kind: 'preview',
      token: 'UP',
      amount: 'all',
      fee: null,
      to: { address: 'DAG0zJW14beJtZX2BY2KA9gLbpaZ8x6vgX4KVPVX' },
      expiresAt: new Date().toISOString(),
    });
    expect(text).toContain('all your UP to DAG0zJW1…4KVPVX');
    expect(text).toContain('"confirm" within 10 minutes');
  });
  it('a subscription states its price with two decimals, as the web shows it', () => {
    const text = reply({
      kind: 'subscribed',
      tier: 'premium',
      months: 1,
      priceUp: '49243020531',
      priceUsd: 20,
      upUsd: 0.04061,
      endDate: '2026-12-02T12:00:00.000Z',
      transferId: 't1',
    });
    expect(text).toContain('Paid 492.43 UP ($20.00 at $0.04061/UP).');
  });

  it('a fingerprint states what it cost: the price paid or the free allowance used', () => {
    const fingerprint = (paid: string, existing = false) =>
      reply({
        kind: 'fingerprinted',
        tweetId: '1800000000000000001',
        authorUsername: 'carol',
        contentHash: 'a'.repeat(64),
        fingerprintHash: 'b'.repeat(64),
        existing,
        paid,
      });
    expect(fingerprint(UP(30))).toContain(' Paid 30.00 UP. Receipt:');
    expect(fingerprint('0')).toContain(' Free (premium allowance). Receipt:');
    expect(fingerprint('0', true)).toContain(' Nothing was charged. Receipt:');
  });

  it('a refused payment ends its sentence with one full stop', () => {
    const text = reply({
      kind: 'rejected',
      reason: {
        code: 'fingerprint_unpaid',
        message:
          'Not enough UP: your wallet has 0.00 UP and this costs 30.00 UP. Nothing was charged.',
      },
    });
    expect(text).toContain('Nothing was charged. A fingerprint costs 30 UP');
    expect(text).not.toContain('..');
  });
});
