import { z } from 'zod';

/** The part of the product's public `GET /api/auth/me` the faucet form uses. */
const meBody = z.object({ username: z.string(), dagAddress: z.string().nullable() });

/**
 * Who is signed in on this browser, read from the product's public `/api/auth/me` in-process with
 * the request's own cookie (as agentStatusSection reads /api/agent/status: no product import,
 * decision 0008). Null when nobody is, or the product does not answer.
 */
export function signedInWallet(opts: {
  publicUrl: string;
  fetch?: (url: string, init?: RequestInit) => Promise<Response>;
}) {
  return async (cookie: string | undefined) => {
    if (!cookie || !opts.fetch) return null;
    const res = await opts
      .fetch(`${opts.publicUrl}/api/auth/me`, {
        headers: { cookie },
        signal: AbortSignal.timeout(3000),
      })
      .catch(() => null);
    const parsed = res?.ok ? meBody.safeParse(await res.json().catch(() => null)) : null;
    if (!parsed?.success || !parsed.data.dagAddress) return null;
    return { username: parsed.data.username, address: parsed.data.dagAddress };
  };
}
