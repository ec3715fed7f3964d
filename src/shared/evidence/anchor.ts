import * as z from 'zod/mini';
import type { AnchorDeps, SnapshotCodec } from './anchor-deps.ts';
import { judgeSnapshotProofs } from './snapshot-proofs.ts';
import { channelVerdict } from './state-channel-root.ts';
import { tessellationJsonText } from './tessellation-json.ts';
import type { VerifyStep } from './verify-step.ts';

export type { AnchorDeps, SnapshotCodec } from './anchor-deps.ts';
export { networkAnchor } from './anchor-network.ts';

/** Where a batch says its root was committed (MCP shape `BatchInfo`; the sandbox fills both). */
export interface BatchAnchor {
  batchId: string;
  root: string;
  globalSnapshotOrdinal: number | null;
  globalSnapshotHash: string | null;
}

/** A global L0 snapshot (`value` + `proofs`; the local network adds `hash`), or the explorer's. */
const snapshotSchema = z.union([
  z.object({
    value: z.looseObject({
      ordinal: z.union([z.number(), z.string()]),
      stateChannelSnapshots: z.optional(z.record(z.string(), z.unknown())),
    }),
    proofs: z.optional(z.unknown()),
    hash: z.optional(z.string()),
  }),
  z.object({
    data: z.looseObject({ ordinal: z.union([z.number(), z.string()]), hash: z.string() }),
  }),
]);

const LABEL = 'Batch root is committed in a global snapshot';
const step = (ok: boolean | null, detail: string): VerifyStep => ({ label: LABEL, ok, detail });

/**
 * The ledger is the anchor (decisions 0051, 0066): the snapshot the batch names must exist at that
 * ordinal, hash to the hash it names, be signed over that hash by the network's validators, and
 * carry the batch root in the Digital Evidence metagraph's state channel. Never trusts the
 * batch's own words for any of it: all is read and computed here.
 */
export async function anchorStep(batch: BatchAnchor, deps: AnchorDeps): Promise<VerifyStep> {
  const { globalSnapshotOrdinal: ordinal, globalSnapshotHash: named } = batch;
  if (ordinal === null || !named) return step(null, `Batch ${batch.batchId} is not committed yet.`);
  const where = `global snapshot ${ordinal} (${named})`;
  const raw = await deps.readSnapshot(ordinal).catch(() => undefined);
  if (raw === undefined) return step(null, `The network did not answer for ${where}.`);
  const text = typeof raw === 'string' ? raw : JSON.stringify(raw);
  const parsed = snapshotSchema.safeParse(raw === null ? null : safeJson(text));
  if (!parsed.success) return step(false, `No ${where} on the network.`);
  const snap = parsed.data;
  if ('data' in snap) {
    if (snap.data.hash.toLowerCase() !== named.toLowerCase()) {
      return step(
        false,
        `The explorer's snapshot ${ordinal} has hash ${snap.data.hash}, not ${named}.`,
      );
    }
    return step(null, `${where} exists, says the block explorer, which shows no state channels.`);
  }
  if (String(snap.value.ordinal) !== String(ordinal))
    return step(false, `No ${where} on the network.`);
  const hashed = hashSource(text, snap.hash, named, deps.codec);
  if (hashed.ok !== true) return step(hashed.ok, `${where}: ${hashed.detail}`);
  const signed = judgeSnapshotProofs(
    named,
    snap.proofs,
    await deps.trustedPeers().catch(() => null),
  );
  if (signed.ok === false) return step(false, `${where}: ${signed.detail}`);
  const channel = snap.value.stateChannelSnapshots?.[deps.metagraphId];
  const found = channelVerdict(channel, batch.root, deps.codec);
  if (found === 'absent') return step(false, `${where} does not commit root ${batch.root}.`);
  const how = `${hashed.detail}; ${signed.detail}`;
  if (found === 'unreadable') {
    return step(null, `${where} (${how}): its Digital Evidence state channel cannot be read here.`);
  }
  return signed.ok
    ? step(true, `Anchored in ${where}: ${how}`)
    : step(null, `${where} commits the root, but ${signed.detail}.`);
}

/** Whether the snapshot is the one named, and how that is known (computed or stated). */
function hashSource(
  text: string,
  stated: string | undefined,
  named: string,
  codec?: SnapshotCodec,
) {
  const same = (h: string | undefined) => h?.toLowerCase() === named.toLowerCase();
  const computed = codec ? computeHash(text, codec) : undefined;
  if (same(computed)) return { ok: true, detail: 'hash computed from its content' } as const;
  // Only the local network states a hash; it hashes before its state channels are added (0051).
  if (same(stated)) return { ok: true, detail: 'hash as the network states it' } as const;
  if (stated !== undefined)
    return { ok: false, detail: `the network's has hash ${stated}` } as const;
  if (computed !== undefined)
    return { ok: false, detail: `its content hashes to ${computed}` } as const;
  return { ok: null, detail: 'its hash cannot be computed here (no Brotli)' } as const;
}

function computeHash(text: string, codec: SnapshotCodec): string | undefined {
  try {
    return codec.hashJson(tessellationJsonText(text, ['value']));
  } catch {
    return undefined; // not JSON the node printed: the stated hash is all there is
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
