import { rememberXAccount } from '@/core/auth/remember-x-account.ts';
import type { CoreDeps } from '@/core/deps.ts';
import { ensureWalletForUser } from '@/core/wallets/index.ts';
import { parseTokenAmount } from '@/shared/units.ts';
import type { DemoContext } from './step.ts';

type Token = 'UP' | 'DAG' | 'DOR';

/**
 * Faucet → a local-X user's custodial wallet, keyed by their local X id (made, with a user row
 * that has not signed in, the first time), then waits until a snapshot has confirmed it, so the next
 * command the user posts can spend it.
 */
export function createFunder(deps: CoreDeps, call: DemoContext['call'], x: DemoContext['x']) {
  return async function fund(username: string, token: Token, tokens: string) {
    const units = parseTokenAmount(tokens);
    if (!units) throw new Error(`demo: "${tokens}" is not a token amount`);
    const user = await x.user(username);
    await rememberXAccount(deps.db, { xUserId: user.id, username });
    const wallet = await ensureWalletForUser(deps, { xUserId: user.id });
    const before = (await deps.constellation.getBalance(token, wallet.dagAddress)).balance;
    const res = await call('/sandbox/constellation/_admin/faucet', {
      method: 'POST',
      json: { address: wallet.dagAddress, token, tokens },
    });
    if (!res.ok) throw new Error(`demo faucet: ${res.status} ${await res.text()}`);
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline) {
      const now = (await deps.constellation.getBalance(token, wallet.dagAddress)).balance;
      if (now >= before + units) return;
      await new Promise((r) => setTimeout(r, 250));
    }
    throw new Error(`demo: ${tokens} ${token} to @${username} not confirmed within 30 s`);
  };
}
