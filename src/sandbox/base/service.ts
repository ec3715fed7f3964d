import { Hono } from 'hono';
import {
  createTestClient,
  createWalletClient,
  formatUnits,
  getAddress,
  http,
  parseUnits,
  publicActions,
} from 'viem';
import { base } from 'viem/chains';
import { z } from 'zod';
import { installFaults } from '../faults/routes.ts';
import type { SandboxContext, SandboxService } from '../sandbox-service.ts';
import { startBaseChain } from './chain.ts';
import { upTokenAbi } from './deploy-genesis.ts';
import { BASE_SANDBOX_PATH } from './path.ts';
import { addRpcPassthrough, rpcFaultAnswer, rpcFaultPath } from './rpc-passthrough.ts';

const transferBody = z.object({
  from: z.string().regex(/^0x[0-9a-fA-F]{40}$/),
  to: z.string().regex(/^0x[0-9a-fA-F]{40}$/),
  /** Whole UP, up to 18 decimals. */
  up: z.string().regex(/^\d+(\.\d{1,18})?$/),
});

/**
 * The local Base chain: a real EVM node (anvil from npm, chain id 8453) with the UpToken
 * ERC-20 deployed and the genesis played as real transactions. Admin: `POST /_admin/transfer
 * {from, to, up}` moves UP from any address (anvil impersonation). `GET /address/{address}`: a
 * minimal explorer page. Throws AnvilUnavailableError (naming BASE_RPC_URL) if anvil cannot run.
 */
export async function createBaseSandbox(ctx: SandboxContext) {
  const { anvil, genesis, deployed } = await (ctx.baseChain ?? startBaseChain());
  const chain = { ...base, rpcUrls: { default: { http: [anvil.url] } } };
  const test = createTestClient({ mode: 'anvil', chain, transport: http(anvil.url) });
  const read = createWalletClient({ chain, transport: http(anvil.url) }).extend(publicActions);
  const balanceOf = (address: string) =>
    read.readContract({
      address: deployed.contract,
      abi: upTokenAbi,
      functionName: 'balanceOf',
      args: [address],
    }) as Promise<bigint>;

  const app = new Hono();
  installFaults(app, {
    db: ctx.database.db,
    service: 'base',
    setTimer: ctx.setTimer,
    basePath: BASE_SANDBOX_PATH,
    answer: rpcFaultAnswer,
    requestPath: rpcFaultPath,
  });
  addRpcPassthrough(app, anvil.url);
  app.post('/_admin/transfer', async (c) => {
    const parsed = transferBody.safeParse(await c.req.json().catch(() => null));
    if (!parsed.success)
      return c.json(
        {
          error: {
            code: 'invalid_request',
            message: parsed.error.issues[0]?.message ?? 'bad body',
          },
        },
        400,
      );
    const from = getAddress(parsed.data.from);
    const value = parseUnits(parsed.data.up, 18);
    if ((await balanceOf(from)) < value)
      return c.json(
        {
          error: {
            code: 'insufficient_balance',
            message: `${from} holds less than ${parsed.data.up} UP`,
          },
        },
        400,
      );
    await test.setBalance({ address: from, value: 10n ** 18n });
    await test.impersonateAccount({ address: from });
    try {
      const hash = await read.writeContract({
        account: from,
        address: deployed.contract,
        abi: upTokenAbi,
        functionName: 'transfer',
        args: [getAddress(parsed.data.to), value],
        chain,
      });
      const receipt = await read.waitForTransactionReceipt({ hash });
      return c.json({ hash, blockNumber: receipt.blockNumber.toString() });
    } finally {
      await test.stopImpersonatingAccount({ address: from });
    }
  });
  app.get('/address/:address', async (c) => {
    const raw = c.req.param('address');
    if (!/^0x[0-9a-fA-F]{40}$/.test(raw))
      return c.html(page('Not an address', '<p>Not a Base address.</p>'), 404);
    const address = getAddress(raw);
    const balance = formatUnits(await balanceOf(address), 18);
    return c.html(
      page(
        `Address ${address}`,
        `<h1>Address</h1><p class="mono">${address}</p><table><tr><th>Token</th><th>Balance</th></tr><tr><td>UP</td><td class="num">${balance} UP</td></tr></table><p>Contract <span class="mono">${deployed.contract}</span> on the local Base chain (chain id 8453).</p>`,
      ),
    );
  });

  return {
    name: 'base',
    path: BASE_SANDBOX_PATH,
    app,
    describe: () => ({
      rpcUrl: anvil.url,
      faultableRpcUrl: `${ctx.publicUrl}${BASE_SANDBOX_PATH}/rpc`,
      chainId: 8453,
      node: 'anvil (@foundry-rs/anvil)',
      upContract: deployed.contract,
      startBlock: deployed.startBlock.toString(),
      bridge: genesis.bridge,
      liquidityPool: genesis.liquidityPool,
      transfer: `${ctx.publicUrl}${BASE_SANDBOX_PATH}/_admin/transfer`,
      addressPage: `${ctx.publicUrl}${BASE_SANDBOX_PATH}/address/{address}`,
    }),
    stop: () => anvil.stop(),
    rpcUrl: anvil.url,
    /** The product's way to the node: the faultable passthrough, in-process in the default run. */
    productRpc: { url: `${ctx.publicUrl}${BASE_SANDBOX_PATH}/rpc`, fetch: ctx.fetch },
    contract: deployed.contract as string,
    startBlock: deployed.startBlock,
    genesis,
    balanceOf,
  } satisfies SandboxService & Record<string, unknown>;
}

export type BaseSandbox = Awaited<ReturnType<typeof createBaseSandbox>>;

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title} · Local Base explorer</title><style>body{font:15px system-ui;margin:2rem;max-width:56rem}.mono{font-family:monospace}table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:.3rem .6rem}.num{text-align:right}</style></head><body>${body}</body></html>`;
