/**
 * The agent's reply without its "Receipt: <url>" (or "Receipt #<id>") for `receiptId`: the console shows the
 * receipt as its own link under each answer, and the reply's copy of it made two.
 * Anything after it (a transaction link) stays.
 */
export function replyWithoutReceipt(reply: string, receiptId: string): string {
  const escaped = receiptId.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const sentence = new RegExp(
    `\\s*Receipt(?:: https?://\\S+/receipts/| #)${escaped}(?=[\\s.,;]|$)`,
    'g',
  );
  return reply.replace(sentence, '').trim();
}
