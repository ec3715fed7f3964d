import { expect, test } from '@playwright/test';
import { uniqueHandle } from './support/sign-in-with-x';

/**
 * A reply still queued behind X's posting windows (issue 45 §1): the receipt page says its place
 * in line, about when it will be posted, and that it will come in a digest if the conversation
 * will have gone cold by then. The receipt is a real one the agent made from a post on the local
 * X; its reply is shown queued as the API reports a backlog (tests/integration/
 * agent-reply-backlog.test.ts makes a real backlog and checks the API's figures).
 */
test('a queued reply’s place in line and estimate on its receipt', async ({ page }) => {
  test.setTimeout(90_000);
  const res = await page.request.post('/sandbox/x/_admin/posts', {
    data: { username: uniqueHandle('e2e_queue'), text: '@UpsiderAgent balance' },
  });
  expect(res.ok(), await res.text()).toBe(true);
  const { id } = (await res.json()) as { id: string };
  await expect(async () => {
    expect((await page.request.get(`/api/receipts/${id}`)).status()).toBe(200);
  }).toPass({ timeout: 60_000 });

  const now = Date.now();
  await page.route(`**/api/receipts/${id}`, async (route) => {
    const receipt = await (await route.fetch()).json();
    receipt.reply = {
      ...receipt.reply,
      status: 'pending',
      postId: null,
      sentAt: null,
      queue: {
        place: 1234,
        depth: 5000,
        estimatedAt: new Date(now + 130 * 60_000 + 20_000).toISOString(),
        coldAt: new Date(now + 60 * 60_000).toISOString(),
      },
      folded: null,
    };
    await route.fulfill({ json: receipt });
  });
  await page.goto(`/receipts/${id}`);
  const queue = page.getByTestId('receipt-reply-queue');
  await expect(queue).toContainText('Reply queued: 1,234th in line of 5,000, about 2 h 10 min');
  await expect(queue).toContainText('one digest reply listing all your receipts');
});
