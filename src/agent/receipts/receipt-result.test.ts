import { describe, expect, it } from 'vitest';
import type { Outcome } from '../engine/outcome.ts';
import { receiptResult } from './receipt-result.ts';

const sent: Outcome = {
  kind: 'sent',
  token: 'UP',
  amount: '500000000',
  fee: '2500000',
  to: { handle: 'bob' },
  toAddress: 'DAG0',
  newBalance: null,
  transferId: '1',
  txHashes: ['ab'],
  commandPostId: '9',
};
const cases: [string, Parameters<typeof receiptResult>[0], string, RegExp | null][] = [
  ['still waiting', { status: 'pending', outcome: null, transfer: null }, 'pending', null],
  [
    'balance answered',
    {
      status: 'done',
      outcome: { kind: 'address', subject: { self: true }, address: 'DAG1' },
      transfer: null,
    },
    'done',
    null,
  ],
  [
    'send settled',
    { status: 'done', outcome: sent, transfer: { state: 'confirmed', error: null } },
    'done',
    null,
  ],
  [
    'send failed on the network',
    { status: 'done', outcome: sent, transfer: { state: 'failed', error: 'rejected by the L1' } },
    'failed',
    /rejected by the L1/,
  ],
  [
    'insufficient balance',
    {
      status: 'done',
      outcome: {
        kind: 'rejected',
        reason: {
          code: 'insufficient_balance',
          token: 'UP',
          balance: '100000000',
          needed: '500000000',
        },
      },
      transfer: null,
    },
    'refused',
    /your balance is 1\.00 UP/,
  ],
  [
    'unknown handle',
    {
      status: 'done',
      outcome: { kind: 'rejected', reason: { code: 'unknown_handle', handle: 'ghost' } },
      transfer: null,
    },
    'refused',
    /@ghost is not an X account/,
  ],
  [
    'not understood',
    {
      status: 'done',
      outcome: { kind: 'help', invalid: 'BTC is not a token I handle.' },
      transfer: null,
    },
    'refused',
    /BTC/,
  ],
  [
    'feature not built',
    { status: 'done', outcome: { kind: 'help', feature: 'Token analysis' }, transfer: null },
    'refused',
    /coming soon/,
  ],
  [
    'transfer could not be made',
    {
      status: 'done',
      outcome: { kind: 'rejected', reason: { code: 'transfer_failed', message: 'node down' } },
      transfer: null,
    },
    'failed',
    /node down/,
  ],
  [
    'processing failed',
    { status: 'failed', outcome: null, transfer: null },
    'failed',
    /nothing moved/,
  ],
];

const analysis: Outcome = { kind: 'analysis_queued', token: 'UP' };
const video: Outcome = { kind: 'video_queued', targetId: '7', price: '25000000000' };
const refusedCharge = {
  state: 'refused',
  refusalMessage: 'Not enough UP: this costs 75.00 UP. Nothing was charged.',
};
cases.push(
  [
    'analysis written and paid',
    {
      status: 'done',
      outcome: analysis,
      transfer: null,
      charge: { state: 'paid', refusalMessage: null },
    },
    'done',
    null,
  ],
  [
    'analysis whose price could not be charged',
    { status: 'done', outcome: analysis, transfer: null, charge: refusedCharge },
    'refused',
    /^No analysis made: Not enough UP: this costs 75\.00 UP\. Nothing was charged\.$/,
  ],
  [
    'analysis not written for want of figures: its hold released with the reason',
    {
      status: 'done',
      outcome: analysis,
      transfer: null,
      charge: {
        state: 'released',
        refusalMessage:
          'No analysis made: there is no market price and no holder data for this token right now. Nothing was charged.',
      },
    },
    'refused',
    /^No analysis made: there is no market price and no holder data .* Nothing was charged\.$/,
  ],
  [
    'analysis still being written',
    {
      status: 'done',
      outcome: analysis,
      transfer: null,
      charge: { state: 'held', refusalMessage: null },
    },
    'pending',
    /Analysis requested/,
  ],
  [
    'video whose price could not be charged',
    {
      status: 'done',
      outcome: video,
      transfer: null,
      charge: refusedCharge,
      video: { state: 'failed', failure: 'Its price could not be charged. Nothing was charged.' },
    },
    'refused',
    /could not be charged/,
  ],
  [
    'video posted',
    {
      status: 'done',
      outcome: video,
      transfer: null,
      charge: { state: 'paid', refusalMessage: null },
      video: { state: 'posted', failure: null },
    },
    'done',
    null,
  ],
);

describe('receiptResult', () => {
  it.each(cases)('%s', (_name, input, result, reason) => {
    const r = receiptResult(input);
    expect(r.result).toBe(result);
    if (reason) expect(r.reason).toMatch(reason);
    else expect(r.reason).toBeNull();
  });
});
