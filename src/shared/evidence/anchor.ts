import * as z from 'zod/mini';
import type { VerifyStep } from './verify-step.ts';

/** Where a batch says its root was committed (MCP shape `BatchInfo`; the sandbox fills both). */
export interface BatchAnchor {
  batchId: string;
  root: string;
  globalSnapshotOrdinal: number | null;
  globalSnapshotHash: string | null;
}

/**
 * A global snapshot as read by the verifier: global L0 `/global-snapshots/{ordinal}` (`value`;
 * the local network adds `hash`) or the block explorer's `{data:{ordinal,hash}}`.
 */
const snapshotSchema = z.union([
  z.object({
    value: z.looseObject({
      ordinal: z.union([z.number(), z.string()]),
      stateChannelSnapshots: z.optional(z.record(z.string(), z.unknown())),
    }),
    hash: z.optional(z.string()),
  }),
  z.object({
    data: z.looseObject({ ordinal: z.union([z.number(), z.string()]), hash: z.string() }),
  }),
]);

export interface AnchorDeps {
  /** The snapshot at `ordinal` from the network the verifier chose; null when not found. */
  readSnapshot(ordinal: number): Promise<unknown | null>;
  /** The Digital Evidence metagraph's address, whose state channel carries its roots. */
  metagraphId: string;
}

const LABEL = 'Batch root is committed in a global snapshot';

/**
 * The ledger is the anchor (decision 0051): the snapshot the batch names must exist at that
 * ordinal with that hash, and the Digital Evidence metagraph's state channel in it must carry
 * the batch root. Never trusts the batch's own words for either: both are read here.
 */
export async function anchorStep(batch: BatchAnchor, deps: AnchorDeps): Promise<VerifyStep> {
  const { globalSnapshotOrdinal: ordinal, globalSnapshotHash: named } = batch;
  if (ordinal === null || !named) {
    return { label: LABEL, ok: null, detail: `Batch ${batch.batchId} is not committed yet.` };
  }
  const where = `global snapshot ${ordinal} (${named})`;
  const raw = await deps.readSnapshot(ordinal).catch(() => undefined);
  if (raw === undefined) {
    return { label: LABEL, ok: null, detail: `The network did not answer for ${where}.` };
  }
  const parsed = snapshotSchema.safeParse(raw);
  if (!parsed.success) return { label: LABEL, ok: false, detail: `No ${where} on the network.` };
  const snap = parsed.data;
  const [atOrdinal, hash] =
    'data' in snap ? [snap.data.ordinal, snap.data.hash] : [snap.value.ordinal, snap.hash];
  if (hash === undefined) {
    // A real L0 answers {value, proofs} without the hash; computing it is not done yet (0051).
    const detail = `The network's snapshot ${ordinal} does not state its hash; ${named} unchecked.`;
    return { label: LABEL, ok: null, detail };
  }
  if (String(atOrdinal) !== String(ordinal) || hash.toLowerCase() !== named.toLowerCase()) {
    const detail = `The network's snapshot ${ordinal} has hash ${hash}, not ${named}.`;
    return { label: LABEL, ok: false, detail };
  }
  if ('data' in snap) {
    const detail = `Global snapshot ${ordinal} (${named}) exists; the explorer does not show its state channels.`;
    return { label: LABEL, ok: null, detail };
  }
  const channel = snap.value.stateChannelSnapshots?.[deps.metagraphId];
  const committed = channel !== undefined && JSON.stringify(channel).includes(batch.root);
  return committed
    ? { label: LABEL, ok: true, detail: `Anchored in global snapshot ${ordinal} (${named})` }
    : {
        label: LABEL,
        ok: false,
        detail: `Global snapshot ${ordinal} (${named}) does not commit root ${batch.root}.`,
      };
}

/** Anchor reads from a global L0 over HTTP (`GET /global-snapshots/{ordinal}`); 404 is no snapshot. */
export function networkAnchor(
  fetch: (url: string) => Promise<Response>,
  network: { globalL0Url: string; metagraphId: string },
): AnchorDeps {
  const base = network.globalL0Url.replace(/\/$/, '');
  return {
    metagraphId: network.metagraphId,
    async readSnapshot(ordinal) {
      const res = await fetch(`${base}/global-snapshots/${ordinal}`);
      if (res.status === 404) return null;
      if (!res.ok) throw new Error(`global L0 answered ${res.status}`);
      return res.json();
    },
  };
}
