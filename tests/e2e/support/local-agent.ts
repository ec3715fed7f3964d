import { type APIRequestContext, expect, type Page } from '@playwright/test';

/*
 * What the e2e specs do around the agent on the local X and the local Constellation network:
 * post to the agent, wait for its reply, fund a signed-in user's wallet, buy a plan.
 */

export interface LocalPost {
  id: string;
  text: string;
  inReplyToId: string | null;
}

/** Posts `text` as `username` on the local X (a reply when `inReplyToId` is given). */
export async function postOnX(
  request: APIRequestContext,
  username: string,
  text: string,
  inReplyToId?: string,
): Promise<LocalPost> {
  const res = await request.post('/sandbox/x/_admin/posts', {
    data: inReplyToId ? { username, text, inReplyToId } : { username, text },
  });
  expect(res.status()).toBe(201);
  return res.json();
}

/** Waits until a reply to post `id` is on the local X, and returns it. */
export async function replyTo(
  request: APIRequestContext,
  id: string,
  timeout = 30_000,
): Promise<LocalPost> {
  let reply: LocalPost | undefined;
  await expect
    .poll(
      async () => {
        const res = await request.get('/sandbox/x/_admin/posts?limit=200');
        const posts: LocalPost[] = await res.json();
        reply = posts.find((p) => p.inReplyToId === id);
        return reply !== undefined;
      },
      { timeout },
    )
    .toBe(true);
  return reply!;
}

/** Posts to the agent as `username` and waits for its reply. */
export async function askAgent(
  request: APIRequestContext,
  username: string,
  text: string,
  timeout?: number,
) {
  return replyTo(request, (await postOnX(request, username, text)).id, timeout);
}

/** Asks the agent for `username`'s wallet address (the agent makes the wallet if needed). */
export async function walletAddressOf(
  request: APIRequestContext,
  username: string,
  timeout?: number,
) {
  const reply = await askAgent(request, username, "@UpsiderAgent what's my address", timeout);
  return /DAG\d[1-9A-HJ-NP-Za-km-z]{36}/.exec(reply.text)![0];
}

/** Faucets `tokens` UP to `address` and waits until the UP network's L0 shows a balance. */
export async function fundAddress(request: APIRequestContext, address: string, tokens: string) {
  const funded = await request.post('/sandbox/constellation/_admin/faucet', {
    data: { address, token: 'UP', tokens },
  });
  expect(funded.ok()).toBe(true);
  await expect
    .poll(
      async () => {
        const res = await request.get(`/sandbox/constellation/up-l0/currency/${address}/balance`);
        return (await res.json()).balance;
      },
      { timeout: 20_000 },
    )
    .toBeGreaterThan(0);
}

/**
 * Faucets `tokens` UP to the signed-in user's wallet and snapshots until their dashboard balance
 * (GET /api/auth/wallet-balances) shows more than `atLeast` (default: `tokens` itself).
 */
export async function fundSignedInUser(
  page: Page,
  address: string,
  tokens: string,
  atLeast = Number(tokens),
) {
  const res = await page.request.post('/sandbox/constellation/_admin/faucet', {
    data: { address, token: 'UP', tokens },
  });
  expect(res.ok(), await res.text()).toBe(true);
  await expect
    .poll(
      async () => {
        await page.request.post('/sandbox/constellation/_admin/snapshot');
        const body = await (await page.request.get('/api/auth/wallet-balances')).json();
        return Number(body.balances.constellation.up);
      },
      { timeout: 20_000 },
    )
    .toBeGreaterThanOrEqual(atLeast);
}

/** Buys a plan for the signed-in user through the API (quote, then purchase). */
export async function buyPlan(page: Page, tier: 'pro' | 'premium', durationMonths = 1) {
  const quote = await page.request.post('/api/subscriptions/quote', {
    data: { tier, durationMonths },
  });
  expect(quote.ok(), await quote.text()).toBe(true);
  const { quoteId } = await quote.json();
  const bought = await page.request.post('/api/subscriptions/purchase', { data: { quoteId } });
  expect(bought.ok(), await bought.text()).toBe(true);
}
