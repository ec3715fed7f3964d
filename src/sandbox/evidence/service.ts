import { Hono } from 'hono';
import { publicKeyId } from '@/shared/evidence/signature.ts';
import { installFaults } from '../faults/routes.ts';
import type { SandboxContext, SandboxService } from '../sandbox-service.ts';
import { runBatchRound } from './batching.ts';
import { SANDBOX_EVIDENCE } from './keys.ts';
import { evidenceRoutes } from './routes.ts';

export const EVIDENCE_SANDBOX_PATH = '/sandbox/evidence';
export const DEFAULT_BATCH_INTERVAL_MS = 3000;

/**
 * The local Digital Evidence API: checks the API key and each submission's signature, batches
 * accepted fingerprints every few seconds into a signed Merkle tree, serves lookups and proofs.
 */
export function createEvidenceSandbox(
  ctx: SandboxContext,
  opts: { batchIntervalMs?: number } = {},
): SandboxService & { tick(): ReturnType<typeof runBatchRound> } {
  const db = ctx.database.db;
  const now = () => ctx.now();
  const intervalMs =
    opts.batchIntervalMs ?? ctx.config.evidence?.batchIntervalMs ?? DEFAULT_BATCH_INTERVAL_MS;
  const tick = () =>
    runBatchRound(db, { now: now(), batchPrivateKey: SANDBOX_EVIDENCE.batchPrivateKey });

  let busy = false;
  const timer =
    intervalMs > 0
      ? setInterval(() => {
          if (busy) return;
          busy = true;
          tick()
            .catch((err) => ctx.logger.error({ err }, 'evidence sandbox: batch round failed'))
            .finally(() => {
              busy = false;
            });
        }, intervalMs)
      : null;
  timer?.unref();

  const app = new Hono();
  installFaults(app, {
    db,
    service: 'evidence',
    basePath: EVIDENCE_SANDBOX_PATH,
    setTimer: ctx.setTimer,
  });
  app.route('/', evidenceRoutes({ db, now, shape: ctx.config.evidence?.shape ?? 'sdk' }));
  return {
    name: 'evidence',
    path: EVIDENCE_SANDBOX_PATH,
    app,
    tick,
    describe: () => ({
      api: `${ctx.publicUrl}${EVIDENCE_SANDBOX_PATH}/v1`,
      apiKey: SANDBOX_EVIDENCE.apiKey,
      orgId: SANDBOX_EVIDENCE.orgId,
      tenantId: SANDBOX_EVIDENCE.tenantId,
      batchPublicKey: publicKeyId(SANDBOX_EVIDENCE.batchPrivateKey),
      batchIntervalMs: intervalMs,
      shape: ctx.config.evidence?.shape ?? 'sdk',
      metagraphId: SANDBOX_EVIDENCE.metagraphId,
      runBatch: `POST ${ctx.publicUrl}${EVIDENCE_SANDBOX_PATH}/_admin/batch`,
    }),
    async stop() {
      if (timer) clearInterval(timer);
      while (busy) await new Promise((r) => setTimeout(r, 20));
    },
  };
}
