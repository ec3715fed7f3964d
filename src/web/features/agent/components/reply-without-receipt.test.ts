import { describe, expect, it } from 'vitest';
import { replyWithoutReceipt } from './reply-without-receipt';

describe('replyWithoutReceipt', () => {
  it('drops the receipt sentence the console shows as its own link, keeping what follows', () => {
    expect(
      replyWithoutReceipt(
        'Your balance: 0.00 UP. Receipt: http://127.0.0.1:3000/receipts/console-ab12',
        'console-ab12',
      ),
    ).toBe('Your balance: 0.00 UP.');
    expect(
      replyWithoutReceipt(
        'Sent 5.00 UP to @bob. Receipt: http://h/receipts/c-1 Transaction: http://h/tx/9',
        'c-1',
      ),
    ).toBe('Sent 5.00 UP to @bob. Transaction: http://h/tx/9');
  });

  it('drops the receipt named by its number (answers that carry no link)', () => {
    expect(
      replyWithoutReceipt(
        'Your wallet address: DAG1abc Receipt #1890000000000000001',
        '1890000000000000001',
      ),
    ).toBe('Your wallet address: DAG1abc');
    expect(replyWithoutReceipt('Receipt #1890000000000000001', '189000000000000000')).toBe(
      'Receipt #1890000000000000001',
    );
  });

  it("keeps another command's receipt link", () => {
    const text = 'See Receipt: http://h/receipts/c-10 for it';
    expect(replyWithoutReceipt(text, 'c-1')).toBe(text);
  });
});
